/**
 * The plugin stub: what a plugin author programs against.
 *
 * <p>An {@link io.nri4j.stub.NriPlugin} is an immutable definition (identity, handlers,
 * options); {@link io.nri4j.stub.NriPlugin#connect()} opens one connection to the runtime, an
 * {@link io.nri4j.stub.NriStub}. The stub registers, answers Configure with the events that
 * have handlers (masked to what the runtime's NRI version knows), collects split Synchronize
 * requests, and routes both the dedicated lifecycle calls and the legacy {@code StateChange}
 * to the same handlers. Handlers run on the plugin's executor, never on the I/O thread.
 */
package io.nri4j.stub;
