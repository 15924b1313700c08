// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

/**
 * Which metadata dictionary a residual's field ids index: the row's, or its own. The Parquet
 * layouts choose one each (the Parquet module maps them); the splitter and the rebuilder only need
 * to know this.
 */
public enum ResidualMetadata {
  /**
   * Residuals index the row's one metadata dictionary: a residual is a view of the value's bytes,
   * rebuilt into an object only where fields are shredded. The default.
   */
  ROW,
  /**
   * Every residual carries its own minimal dictionary (metadata then value), so it reads on its
   * own.
   */
  EMBEDDED
}
