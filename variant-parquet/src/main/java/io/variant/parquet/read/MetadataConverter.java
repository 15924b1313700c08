// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.core.VariantFormatException;
import io.variant.core.VariantMetadata;
import org.apache.parquet.column.Dictionary;

/**
 * The top-level {@code metadata}: decoded once per dictionary entry, so rows sharing a dictionary
 * share one object, and only when a row needs it ({@link VariantColumnReader#metadata()}): a
 * projection whose value comes from typed columns never decodes it.
 */
final class MetadataConverter extends BinaryConverter {
  private final VariantColumnReader row;
  private VariantMetadata[] byDictionaryId = new VariantMetadata[0];

  MetadataConverter(VariantColumnReader row) {
    this.row = row;
  }

  @Override
  public void setDictionary(Dictionary dictionary) {
    super.setDictionary(dictionary);
    byDictionaryId = new VariantMetadata[dictionary.getMaxId() + 1];
  }

  @Override
  public void addValueFromDictionary(int dictionaryId) {
    checkId(dictionaryId); // at once: a bad id is a damaged page, reported as parquet-java does
    row.setMetadata(this, dictionaryId);
  }

  /**
   * Dictionary entry {@code dictionaryId} as metadata.
   *
   * @throws VariantFormatException if its bytes are no dictionary
   */
  VariantMetadata decode(int dictionaryId) {
    VariantMetadata m = byDictionaryId[dictionaryId];
    if (m == null) {
      m = VariantMetadata.of(entry(dictionaryId));
      byDictionaryId[dictionaryId] = m;
    }
    return m;
  }

  @Override
  void accept(byte[] bytes, int dictionaryId) {
    try {
      if (dictionaryId < 0) {
        row.setMetadata(VariantMetadata.of(bytes));
        return;
      }
      VariantMetadata m = byDictionaryId[dictionaryId];
      if (m == null) {
        m = VariantMetadata.of(bytes);
        byDictionaryId[dictionaryId] = m;
      }
      row.setMetadata(m);
    } catch (VariantFormatException e) {
      row.setMetadataError(
          e); // reported when the row is rebuilt, after parquet-java has finished the record
    }
  }
}
