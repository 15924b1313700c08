// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.file;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import org.apache.parquet.format.ConvertedType;
import org.apache.parquet.format.IntType;
import org.apache.parquet.format.LogicalType;
import org.apache.parquet.format.TimeUnit;

/**
 * Which converted types a logical type may be written with (spec: LogicalTypes.md, the
 * "Compatibility" part of each type's section). parquet-java reads a schema element that has both
 * by the converted type wherever they disagree, with only a log line, so one changed footer byte
 * reads a DECIMAL column's numbers as dates; a footer whose two annotations disagree is refused
 * instead.
 */
final class ConvertedTypes {
  private static final Set<ConvertedType> NONE = EnumSet.noneOf(ConvertedType.class);

  private ConvertedTypes() {}

  /**
   * Whether {@code converted} is one that LogicalTypes.md pairs with {@code logical}; true for a
   * logical type this version of the thrift does not know (its union has no field set), which only
   * its writer can judge.
   */
  static boolean agree(LogicalType logical, ConvertedType converted) {
    return logical.getSetField() == null || allowed(logical).contains(converted);
  }

  private static Set<ConvertedType> allowed(LogicalType logical) {
    return switch (logical.getSetField()) {
      case STRING -> EnumSet.of(ConvertedType.UTF8);
      // spec: LogicalTypes §Maps, backward-compatibility rules: MAP_KEY_VALUE was written for MAP
      case MAP -> EnumSet.of(ConvertedType.MAP, ConvertedType.MAP_KEY_VALUE);
      case LIST -> EnumSet.of(ConvertedType.LIST);
      case ENUM -> EnumSet.of(ConvertedType.ENUM);
      case DECIMAL -> EnumSet.of(ConvertedType.DECIMAL);
      case DATE -> EnumSet.of(ConvertedType.DATE);
      // spec: LogicalTypes §TIME and §TIMESTAMP, forward compatibility: local (not UTC-adjusted)
      // values take the same converted type as UTC-adjusted ones; nanoseconds have none
      case TIME ->
          unit(logical.getTIME().getUnit(), ConvertedType.TIME_MILLIS, ConvertedType.TIME_MICROS);
      case TIMESTAMP ->
          unit(
              logical.getTIMESTAMP().getUnit(),
              ConvertedType.TIMESTAMP_MILLIS,
              ConvertedType.TIMESTAMP_MICROS);
      case INTEGER -> integer(logical.getINTEGER());
      case JSON -> EnumSet.of(ConvertedType.JSON);
      case BSON -> EnumSet.of(ConvertedType.BSON);
      case UNKNOWN, UUID, FLOAT16, VARIANT, GEOMETRY, GEOGRAPHY -> NONE;
    };
  }

  private static Set<ConvertedType> unit(
      TimeUnit unit, ConvertedType millis, ConvertedType micros) {
    if (unit.isSetMILLIS()) {
      return EnumSet.of(millis);
    }
    return unit.isSetMICROS() ? EnumSet.of(micros) : NONE;
  }

  private static Set<ConvertedType> integer(IntType type) {
    boolean signed = type.isIsSigned();
    ConvertedType c =
        switch (type.getBitWidth()) {
          case 8 -> signed ? ConvertedType.INT_8 : ConvertedType.UINT_8;
          case 16 -> signed ? ConvertedType.INT_16 : ConvertedType.UINT_16;
          case 32 -> signed ? ConvertedType.INT_32 : ConvertedType.UINT_32;
          case 64 -> signed ? ConvertedType.INT_64 : ConvertedType.UINT_64;
          default -> null; // a width the spec does not allow: parquet-java refuses the schema
        };
    return c == null ? NONE : EnumSet.of(c);
  }

  /**
   * {@code logical} as a reader of the schema writes it: {@code DECIMAL(9,2)}, {@code
   * INTEGER(8,true)}.
   */
  static String describe(LogicalType logical) {
    if (logical.getSetField() == null) {
      return "an unknown logical type";
    }
    String name = logical.getSetField().name();
    return switch (logical.getSetField()) {
      case DECIMAL ->
          name
              + "("
              + logical.getDECIMAL().getPrecision()
              + ","
              + logical.getDECIMAL().getScale()
              + ")";
      case INTEGER ->
          name
              + "("
              + logical.getINTEGER().getBitWidth()
              + ","
              + logical.getINTEGER().isIsSigned()
              + ")";
      case TIME -> name + "(" + unitName(logical.getTIME().getUnit()) + ")";
      case TIMESTAMP -> name + "(" + unitName(logical.getTIMESTAMP().getUnit()) + ")";
      default -> name;
    };
  }

  private static String unitName(TimeUnit unit) {
    return unit.getSetField() == null
        ? "unknown unit"
        : unit.getSetField().name().toUpperCase(Locale.ROOT);
  }
}
