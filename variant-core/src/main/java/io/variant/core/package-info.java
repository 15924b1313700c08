// SPDX-License-Identifier: Apache-2.0
/**
 * The Variant binary encoding (VariantEncoding.md): {@link io.variant.core.Variant}, a zero-copy,
 * bounds-checked reader over metadata + value bytes; {@link io.variant.core.VariantBuilder}, a
 * streaming writer of canonical values; {@link io.variant.core.VariantMetadata} and {@link
 * io.variant.core.MetadataBuilder} for key dictionaries; {@link io.variant.core.VariantType}, the
 * one owner of type ids, header bytes and sizes ({@code Layout} owns the bit positions); {@link
 * io.variant.core.VariantEquality}; and the exception family rooted at {@link
 * io.variant.core.VariantException}, with the explicit {@link io.variant.core.Limits}.
 *
 * <p><b>Adding a primitive type</b> (a new spec id) touches five main files when the type is like
 * those we have (its equivalence class, its kind's slot value and an accessor exist, as for {@code
 * TIMESTAMP_NTZ_NANOS}): items 1 to 5 below. The compiler or a test stops at each one. This was
 * walked through with a scratch {@code TIME_NTZ_NANOS} (id 21, a new kind) in every module: five
 * main files; the only tests that then failed, or did not compile, are those listed after the
 * items. A type that needs more says so in item 6.
 *
 * <ol>
 *   <li>{@link io.variant.core.VariantType}: the constant with its id, payload size, equivalence
 *       class, display name and temporal unit ({@code VariantTypeTest} checks the ids have no
 *       gaps).
 *   <li>{@code json.VariantToJson}: its switch over the type stops the build until the rendering is
 *       decided.
 *   <li>{@code io.variant.shredding.ShreddedType}: {@code ShreddedTypeTest} fails until a {@code
 *       Kind} holds the type (a new kind names its {@code SlotValue}).
 *   <li>For a new kind, {@code io.variant.parquet.schema.TypedValueTypes}: its switch over the kind
 *       stops the build until the Parquet type is decided; {@code fromParquet} reads it back
 *       ({@code VariantSchemaTest} fails while it still rejects the type).
 *   <li>For a new kind, variant-bench's {@code peer.SparkShredding}: its switch over the kind stops
 *       the build until Spark's type, or a refusal, is decided.
 *   <li>Only for a type unlike the others: an {@code append...} method in {@code VariantBuilder}
 *       and an accessor in {@code ScalarAccessors} when none covers it (timestamps and times need
 *       neither: they go by {@code temporalUnit()} in {@code appendTemporal}, {@code
 *       temporalValue()}, {@code instantValue()}, {@code localDateTimeValue()} and {@code
 *       timeValue()}); a new equivalence class stops the build in {@code VariantEquality} and
 *       {@code VariantValidator}; a new {@code SlotValue} stops it in the splitter, the rebuilder
 *       and the Parquet converters.
 * </ol>
 *
 * Everything else derives from those facts: equality and validation switch over the equivalence
 * class, the splitter, rebuilder, widening and Parquet converters over the kind's slot value,
 * inference families over the kinds, and the CLI shows {@code displayName()}. Generators draw from
 * {@code VariantType.values()}, so these tests stop too, by design, until the new type has a case:
 * the testkit's {@code Gen} and {@code Model} (switches), {@code JsonRenderingTest}, {@code
 * VariantPrimitiveReaderTest} (a golden case and the spec's header table), {@code
 * MalformedVariantTest} and {@code PlanInferenceTest} (which use the next free id as the unknown
 * one), {@code ExactTypeSlotTest}, {@code ShapePlans}, {@code BruteForcePlan}, {@code
 * PlanTextTest}, and the parquet-java interop properties ({@code ParquetAvroInteropTest}, {@code
 * ParquetJavaWrittenFilesTest}), whose generators must leave out a type parquet-java does not know.
 *
 * <p>May import: the JDK and {@code io.variant.core.internal} (UTF-8 sequences). Subpackages:
 * {@code json} (the only user of jackson-core), {@code path}, and {@code internal}, which is not
 * API.
 */
package io.variant.core;
