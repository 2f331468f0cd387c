package io.nri4j.stub;

import com.google.protobuf.MessageLite;
import io.nri4j.api.v1alpha1.ShutdownRequest;
import io.nri4j.internal.ttrpc.proto.Request;
import io.nri4j.internal.ttrpc.proto.Response;
import io.nri4j.internal.ttrpc.proto.Status;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;

/**
 * Just enough of a runtime, on a real Unix socket, to end a plugin's connection in each way a
 * supervisor must tell apart. Blocking, on the test thread: each method plays one script.
 */
final class FakeRuntime implements AutoCloseable {

    private final ServerSocketChannel server;
    private SocketChannel plugin;

    FakeRuntime(Path socket) throws IOException {
        server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(socket));
    }

    /** Waits for the plugin to connect and send RegisterPlugin. */
    FakeRuntime accept() throws IOException {
        plugin = server.accept();
        readMessage();
        return this;
    }

    /** Answers RegisterPlugin (stream 1 of conn 2) with an error, as a runtime does for a bad name. */
    void refuseRegistration() throws IOException {
        write(2, 1, 2, Response.newBuilder().setStatus(Status.newBuilder().setCode(2)
                .setMessage("invalid plugin name \"x\"\nforged")).build());
    }

    /** Accepts the registration, then asks the plugin to shut down and waits for its answer. */
    void shutDownThePlugin(String reason) throws IOException {
        write(2, 1, 2, Response.newBuilder().setStatus(Status.getDefaultInstance()).build());
        write(1, 1, 1, Request.newBuilder().setService(PluginService.NAME).setMethod("Shutdown")
                .setPayload(ShutdownRequest.newBuilder().setReason(reason).build()
                        .toByteString())
                .build());
        readMessage();
    }

    /** A frame on the reserved conn 0: nothing after it can be read. */
    void sendGarbage() throws IOException {
        plugin.write(ByteBuffer.allocate(8).putInt(0).putInt(0).flip());
    }

    /** Closes the plugin's connection, as a runtime does when it stops. */
    void hangUp() throws IOException {
        plugin.close();
    }

    private void write(int conn, int streamId, int type, MessageLite message) throws IOException {
        byte[] data = message.toByteArray();
        ByteBuffer out = ByteBuffer.allocate(18 + data.length).putInt(conn).putInt(10 + data.length)
                .putInt(data.length).putInt(streamId).put((byte) type).put((byte) 0).put(data).flip();
        while (out.hasRemaining()) {
            plugin.write(out);
        }
    }

    /** Reads one whole frame; enough for the small messages of these scripts. */
    private void readMessage() throws IOException {
        ByteBuffer header = read(8);
        header.getInt();
        read(header.getInt());
    }

    private ByteBuffer read(int n) throws IOException {
        ByteBuffer in = ByteBuffer.allocate(n);
        while (in.hasRemaining()) {
            if (plugin.read(in) < 0) {
                throw new IOException("the plugin hung up");
            }
        }
        return in.flip();
    }

    @Override
    public void close() throws IOException {
        if (plugin != null) {
            plugin.close();
        }
        server.close();
    }
}
