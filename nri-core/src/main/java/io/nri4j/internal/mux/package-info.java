/**
 * <em>Internal</em>: not part of nri4j's API, and may change in any release.
 *
 * <p>The NRI connection multiplexer: one Unix socket (the trunk) carries two byte streams.
 *
 * <p>Every frame is an 8-byte big-endian header, {@code uint32 connId, uint32 length}, followed
 * by {@code length} payload bytes. Conn 1 carries the ttrpc connection on which the plugin is the
 * server ({@link io.nri4j.internal.mux.ConnId#PLUGIN_SERVICE}); conn 2 the one on which it is the client
 * ({@link io.nri4j.internal.mux.ConnId#RUNTIME_SERVICE}). There are no control frames: a side simply
 * starts writing.
 *
 * <p>Receiving, frame boundaries mean nothing; payloads are appended to their conn's stream.
 * Sending, they matter: the Go reader hands each frame to a 4096-byte {@code bufio.Reader} as
 * one read, so {@link io.nri4j.internal.mux.MuxFraming} splits every message the way Go's own writer does.
 * A malformed frame is a {@link io.nri4j.internal.mux.MuxCodecException} and closes the trunk.
 */
package io.nri4j.internal.mux;
