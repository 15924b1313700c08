/**
 * The Variant binary encoding (VariantEncoding.md): {@link io.variant.core.Variant}, a zero-copy,
 * bounds-checked reader over metadata + value bytes; {@link io.variant.core.VariantBuilder}, a
 * streaming writer of canonical values; {@link io.variant.core.VariantMetadata} and {@link
 * io.variant.core.MetadataBuilder} for key dictionaries; {@link io.variant.core.VariantType}, the
 * one owner of type ids, header bytes and sizes ({@code Layout} owns the bit positions); {@link
 * io.variant.core.VariantEquality}; and the exception family rooted at {@link
 * io.variant.core.VariantException}, with the explicit {@link io.variant.core.Limits}.
 *
 * <p><b>Adding a primitive type</b> (a new spec id) touches these main files; the compiler or a
 * test stops at each one:
 *
 * <ol>
 *   <li>{@link io.variant.core.VariantType}: the constant with its id, payload size, equivalence
 *       class, display name and temporal unit ({@code VariantTypeTest} checks the ids have no
 *       gaps).
 *   <li>{@code VariantBuilder}: an {@code append...} method. Readers need nothing new when an
 *       accessor covers the type: timestamps and times go by {@code temporalUnit()} ({@code
 *       temporalValue()}, {@code instantValue()}, {@code appendTemporal}); otherwise add the
 *       accessor to {@code EncodedValue}.
 *   <li>{@code json.VariantToJson}: its switch over the type stops the build until the rendering is
 *       decided.
 *   <li>{@code io.variant.shredding.ShreddedType}: {@code ShreddedTypeTest} fails until a {@code
 *       Kind} holds the type (a new kind names its {@code SlotValue}).
 *   <li>For a new kind, {@code io.variant.parquet.schema.TypedValueTypes}: its switch over the kind
 *       stops the build until the Parquet type is decided.
 * </ol>
 *
 * Everything else derives from those facts: equality and validation switch over the equivalence
 * class, the splitter, rebuilder, widening and Parquet converters over the kind's slot value,
 * inference families over the kinds, and the CLI shows {@code displayName()}. Generators draw from
 * {@code VariantType.values()}.
 *
 * <p>May import: the JDK only. Subpackages: {@code json} (the only user of jackson-core) and {@code
 * path}.
 */
package io.variant.core;
