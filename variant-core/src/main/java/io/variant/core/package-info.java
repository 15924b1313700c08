/**
 * The Variant binary encoding (VariantEncoding.md): {@link io.variant.core.Variant}, a zero-copy, bounds-checked
 * reader over metadata + value bytes; {@link io.variant.core.VariantBuilder}, a streaming writer of canonical
 * values; {@link io.variant.core.VariantMetadata} and {@link io.variant.core.MetadataBuilder} for key
 * dictionaries; {@link io.variant.core.VariantType}, the one owner of type ids, header bytes and sizes
 * ({@code Layout} owns the bit positions); {@link io.variant.core.VariantEquality}; and the exception family
 * rooted at {@link io.variant.core.VariantException}, with the explicit {@link io.variant.core.Limits}.
 *
 * <p>May import: the JDK only. Subpackages: {@code json} (the only user of jackson-core) and {@code path}.
 */
package io.variant.core;
