// SPDX-License-Identifier: Apache-2.0
/**
 * JSON to Variant and Variant to JSON ({@link io.variant.core.json.VariantJson}), streams of JSON
 * documents ({@link io.variant.core.json.JsonDocumentReader}) and their options and errors. The
 * only package of the library that imports jackson-core ({@code com.fasterxml.jackson.core});
 * otherwise it uses the public API of {@code io.variant.core}.
 *
 * <p>May import: {@code io.variant.core}, {@code io.variant.core.internal} and {@code
 * com.fasterxml.jackson.core.*}.
 */
package io.variant.core.json;
