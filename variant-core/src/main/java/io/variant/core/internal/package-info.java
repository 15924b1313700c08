// SPDX-License-Identifier: Apache-2.0
/**
 * Plumbing that the core package, its subpackages and the project's other modules share, and no
 * user needs: {@link io.variant.core.internal.Utf8Sequences} (strict UTF-8 sequences, for the JSON
 * reader and the core package) and {@link io.variant.core.internal.ExclusiveUse} (the guard that
 * fails a non-thread-safe object's second concurrent call, for parsers, splitters, rebuilders,
 * readers and writers), {@link io.variant.core.internal.TemporalText} (dates and timestamps written
 * as text, for casts and comparisons) {@link io.variant.core.internal.FloatingDecimals} (floats and
 * doubles as the decimals their text shows, for casts) and {@link
 * io.variant.core.internal.FileMoves} (a staged file moved into place without replacing one, for
 * the writers of files) and {@link io.variant.core.internal.NdjsonLines} (what a line of NDJSON
 * input is, for both engines of {@code variant convert}) with {@link
 * io.variant.core.internal.NdjsonLineReader} (those lines read in bounded memory), and {@link
 * io.variant.core.internal.IsoFields} (printed dates' and times' fixed-width fields, for reading
 * them back and for bounding the times a column's text statistics name).
 *
 * <p><b>Internal:</b> not API; public only for the project's own packages, and may change without
 * notice. It knows nothing of Variants, so that the core package can build on it.
 *
 * <p>May import: the JDK only.
 */
package io.variant.core.internal;
