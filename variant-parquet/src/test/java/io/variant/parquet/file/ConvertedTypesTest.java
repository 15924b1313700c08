// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.apache.parquet.format.ConvertedType;
import org.apache.parquet.format.DecimalType;
import org.apache.parquet.format.IntType;
import org.apache.parquet.format.JsonType;
import org.apache.parquet.format.LogicalType;
import org.apache.parquet.format.MapType;
import org.apache.parquet.format.MicroSeconds;
import org.apache.parquet.format.MilliSeconds;
import org.apache.parquet.format.NanoSeconds;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.StringType;
import org.apache.parquet.format.TimeType;
import org.apache.parquet.format.TimeUnit;
import org.apache.parquet.format.TimestampType;
import org.apache.parquet.format.UUIDType;
import org.junit.jupiter.api.Test;

/**
 * The pairs of logical and converted types that LogicalTypes.md allows agree, written by hand from
 * its compatibility tables, and a few that it does not allow disagree.
 */
class ConvertedTypesTest {
  private static LogicalType timestamp(boolean utc, TimeUnit unit) {
    return LogicalType.TIMESTAMP(new TimestampType(utc, unit));
  }

  private static final TimeUnit MILLIS = TimeUnit.MILLIS(new MilliSeconds());
  private static final TimeUnit MICROS = TimeUnit.MICROS(new MicroSeconds());
  private static final TimeUnit NANOS = TimeUnit.NANOS(new NanoSeconds());

  @Test
  void thePairsTheSpecAllowsAgree() {
    assertTrue(ConvertedTypes.agree(LogicalType.STRING(new StringType()), ConvertedType.UTF8));
    assertTrue(
        ConvertedTypes.agree(LogicalType.DECIMAL(new DecimalType(2, 9)), ConvertedType.DECIMAL));
    assertTrue(ConvertedTypes.agree(LogicalType.JSON(new JsonType()), ConvertedType.JSON));
    // local timestamps and times take the UTC-adjusted converted types (forward compatibility)
    assertTrue(ConvertedTypes.agree(timestamp(false, MICROS), ConvertedType.TIMESTAMP_MICROS));
    assertTrue(ConvertedTypes.agree(timestamp(true, MILLIS), ConvertedType.TIMESTAMP_MILLIS));
    assertTrue(
        ConvertedTypes.agree(
            LogicalType.TIME(new TimeType(false, MILLIS)), ConvertedType.TIME_MILLIS));
    assertTrue(
        ConvertedTypes.agree(
            LogicalType.INTEGER(new IntType((byte) 8, false)), ConvertedType.UINT_8));
    assertTrue(
        ConvertedTypes.agree(
            LogicalType.INTEGER(new IntType((byte) 64, true)), ConvertedType.INT_64));
    // a map's group once annotated MAP_KEY_VALUE (LogicalTypes §Maps, backward compatibility)
    assertTrue(ConvertedTypes.agree(LogicalType.MAP(new MapType()), ConvertedType.MAP_KEY_VALUE));
    // a logical type this thrift does not know: its union has no field set
    assertTrue(ConvertedTypes.agree(new LogicalType(), ConvertedType.UTF8));
  }

  @Test
  void otherPairsDisagree() {
    assertFalse(
        ConvertedTypes.agree(LogicalType.DECIMAL(new DecimalType(2, 9)), ConvertedType.DATE));
    assertFalse(ConvertedTypes.agree(timestamp(true, NANOS), ConvertedType.TIMESTAMP_MICROS));
    assertFalse(ConvertedTypes.agree(timestamp(true, MICROS), ConvertedType.TIMESTAMP_MILLIS));
    assertFalse(
        ConvertedTypes.agree(
            LogicalType.INTEGER(new IntType((byte) 8, true)), ConvertedType.UINT_8));
    assertFalse(ConvertedTypes.agree(LogicalType.STRING(new StringType()), ConvertedType.ENUM));
    assertFalse(ConvertedTypes.agree(LogicalType.UUID(new UUIDType()), ConvertedType.UTF8));
  }

  @Test
  void theContradictionNamesTheColumnAndBothTypes() {
    SchemaElement root = new SchemaElement("schema").setNum_children(1);
    SchemaElement group = new SchemaElement("g").setNum_children(1);
    SchemaElement leaf =
        new SchemaElement("x")
            .setType(org.apache.parquet.format.Type.INT32)
            .setLogicalType(LogicalType.INTEGER(new IntType((byte) 16, true)))
            .setConverted_type(ConvertedType.INT_8);
    assertEquals(
        Optional.of(
            "the schema annotates g.x as INTEGER(16,true) (its logical type) and as INT_8 (its"
                + " converted type)"),
        FooterContradictions.annotations(List.of(root, group, leaf)));
    leaf.setConverted_type(ConvertedType.INT_16);
    assertEquals(Optional.empty(), FooterContradictions.annotations(List.of(root, group, leaf)));
  }
}
