/**
 * Internal: what enforcement remembers across restarts (the ledger on a host path) and how it
 * stops a container the runtime will not evict.
 */
package io.nri4j.internal.enforce;
