package io.nri4j.spring.handler;

import com.google.protobuf.Message;
import io.nri4j.stub.RequestContext;

/** Provides one parameter of a handler method from the request being handled. */
@FunctionalInterface
interface Argument {

    Object resolve(Message request, RequestContext context);
}
