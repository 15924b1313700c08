/**
 * JMH benchmarks. Every benchmark measures its own baseline in the same run (named in its Javadoc), so results
 * are read as ratios on a small, noisy machine. Input: {@code testdata/events.ndjson} (run from the repository
 * root, or pass {@code -Dvariant.testdata=PATH}).
 */
package io.variant.bench;
