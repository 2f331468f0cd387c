/**
 * <em>Internal</em>: not part of nri4j's API, and may change in any release.
 *
 * <p>ttrpc, containerd's light RPC protocol, over one mux conn.
 *
 * <p>Every message is a 10-byte big-endian header, {@code uint32 length, uint32 streamId,
 * uint8 type, uint8 flags}, and {@code length} bytes of data (at most 4 MiB). NRI only uses
 * unary calls: a {@code Request} envelope on an odd, increasing stream id, answered by a
 * {@code Response} envelope on the same id, in any order.
 *
 * <h2>Threads</h2>
 * {@link io.nri4j.internal.ttrpc.TtrpcServerEndpoint} and {@link io.nri4j.internal.ttrpc.TtrpcClientEndpoint}
 * hold the per-connection state. What arrives is fed to them by the one thread reading the trunk
 * at a time: its event loop, or the handler thread leading the reading
 * ({@link io.nri4j.internal.mux.TrunkReader}); the client's calls pending are guarded by a lock,
 * as calls start and time out on the event loop. Application threads enter through
 * {@link io.nri4j.internal.ttrpc.TtrpcClient} and through the {@link io.nri4j.internal.ttrpc.MethodHandler}s
 * the server runs on its executor; what they hand back to the event loop is immutable (serialized
 * bytes). Method handlers never run on the event loop, and client futures are completed on the
 * executor, so user code does not either.
 */
package io.nri4j.internal.ttrpc;
