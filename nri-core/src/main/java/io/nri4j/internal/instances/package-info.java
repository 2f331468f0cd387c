/**
 * Internal: instances of one plugin that are connected to one runtime at the same time (a
 * rolling update with surge) agree, through a shared directory, which of them handles each
 * request. See {@code docs/upgrades.md} for the design and its failure cases.
 */
package io.nri4j.internal.instances;
