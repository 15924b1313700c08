// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import static io.variant.shredding.testkit.ShreddedTree.fields;
import static io.variant.shredding.testkit.ShreddedTree.slot;
import static io.variant.shredding.testkit.ShreddedTree.typed;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantMetadata;
import io.variant.shredding.testkit.ShreddedTree.Slot;
import io.variant.testkit.Hex;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a {@link Rebuilder} takes from its sources as they come: typed bytes in any kind of buffer
 * from their position, and rows over one dictionary after another (or none, in the draft layout)
 * through one rebuilder.
 */
class RebuildSourcesTest {
  /** The bytes "xyz" as a reader may hand them over: inside a larger array, read-only, direct. */
  private static List<ByteBuffer> xyzBuffers() {
    byte[] padded = "--xyz-".getBytes(StandardCharsets.UTF_8);
    ByteBuffer slice = ByteBuffer.wrap(padded).position(1).slice(); // array offset 1: "-xyz-"
    slice.position(1).limit(4); // "xyz" at array offset 1 + position 1
    ByteBuffer direct = ByteBuffer.allocateDirect(3).put(new byte[] {'x', 'y', 'z'}).flip();
    return List.of(slice, ByteBuffer.wrap(new byte[] {'x', 'y', 'z'}).asReadOnlyBuffer(), direct);
  }

  @Test
  void typedStringsAndBinariesAreReadFromTheirPositionInAnyBuffer() {
    for (ByteBuffer bytes : xyzBuffers()) {
      assertEquals("xyz", rebuildBoth("string", bytes).stringValue(), bytes.toString());
      assertArrayEquals(
          new byte[] {'x', 'y', 'z'}, rebuildBoth("binary", bytes).binaryValue(), bytes.toString());
      assertEquals(3, bytes.remaining(), "the source's buffer is left as it was");
    }
  }

  /**
   * The value through the general path, the rebuilder's fast path (a sorted dictionary) and {@link
   * TypedScalarRebuild}, which must agree.
   */
  private static Variant rebuildBoth(String plan, ByteBuffer bytes) {
    ShreddingPlan p = ShreddingPlan.parse(plan);
    Variant general =
        Rebuilder.generalOnly(p, RebuildOptions.defaults())
            .rebuild(VariantMetadata.EMPTY, new TypedSource(bytes));
    Variant v = Rebuilder.of(p).rebuild(TypedScalarRebuild.NO_KEYS, new TypedSource(bytes));
    assertEquals(Hex.of(general.valueBytes()), Hex.of(v.valueBytes()));
    Variant alone =
        new TypedScalarRebuild(p.asScalar().type(), RebuildOptions.defaults())
            .rebuild(new TypedSource(bytes));
    assertEquals(Hex.of(general.valueBytes()), Hex.of(alone.valueBytes()));
    assertSame(TypedScalarRebuild.NO_KEYS, alone.metadata());
    return v;
  }

  @Test
  void aTypedScalarRebuiltAloneDeclinesWhatTheRebuildRejects() {
    var int8 = new TypedScalarRebuild(ShreddedType.INT8, RebuildOptions.defaults());
    assertEquals(-5, int8.rebuild(new TypedSource(-5L)).longValue());
    assertNull(int8.rebuild(new TypedSource(300L)), "300 is no int8");
    var dec = new TypedScalarRebuild(ShreddedType.decimal(4, 2), RebuildOptions.defaults());
    assertEquals(
        new BigDecimal("12.34"),
        dec.rebuild(new TypedSource(new BigDecimal("12.34"))).decimalValue());
    assertNull(dec.rebuild(new TypedSource(new BigDecimal("123.45"))), "5 digits in decimal(4,2)");
    assertNull(dec.rebuild(new TypedSource(new BigDecimal("1.2"))), "scale 1 in decimal(4,2)");
    var string = new TypedScalarRebuild(ShreddedType.STRING, RebuildOptions.defaults());
    assertNull(string.rebuild(new TypedSource(ByteBuffer.wrap(new byte[] {(byte) 0xC3}))));
  }

  /**
   * Rows over one dictionary, then another, then none (draft layout), then the first again: each
   * result has its own row's dictionary, as a rebuilder made for that row alone gives it.
   */
  @Test
  void oneRebuilderFollowsTheRowsDictionaryFromRowToRow() {
    ShreddingPlan plan = ShreddingPlan.parse("{\"a\": int64}");
    // unsorted dictionaries, so that the general path rebuilds every row
    VariantMetadata ab = VariantMetadata.of(Hex.bytes("01 02 00 01 02 61 62"));
    VariantMetadata ba = VariantMetadata.of(Hex.bytes("01 02 00 01 02 62 61"));
    // residual {b: true} over each: b is id 1 in ab, id 0 in ba
    Slot overAb = slot(Variant.of(ab, Hex.bytes("02 01 01 00 01 04"), 0, 6), fields(typed(1L)));
    Slot overBa = slot(Variant.of(ba, Hex.bytes("02 01 00 00 01 04"), 0, 6), fields(typed(2L)));
    Slot draft = typed(fields(typed(3L)));
    Rebuilder reused = Rebuilder.of(plan);
    for (int pass = 0; pass < 2; pass++) {
      assertRebuildsAsAlone(reused, plan, ab, overAb);
      assertRebuildsAsAlone(reused, plan, ba, overBa);
      assertRebuildsAsAlone(reused, plan, null, draft);
      assertRebuildsAsAlone(reused, plan, ab, overAb);
    }
  }

  /**
   * Rows over sorted dictionaries take the fast path, which resolves each dictionary once and keeps
   * it: a row over a dictionary met before, with another between, shares the first such row's
   * private copy of it. The general path keeps only the last dictionary's copy.
   */
  @Test
  void rowsOverSortedDictionariesTakeTheFastPathWhichKeepsEachDictionary() {
    ShreddingPlan plan = ShreddingPlan.parse("{\"a\": int64}");
    byte[] ab = Hex.bytes("11 02 00 01 02 61 62"); // sorted ["a", "b"]
    VariantMetadata ac = VariantMetadata.of(Hex.bytes("11 02 00 01 02 61 63")); // sorted ["a", "c"]
    Slot row = typed(fields(typed(1L)));
    Rebuilder rebuilder = Rebuilder.of(plan);
    Variant first = rebuilder.rebuild(VariantMetadata.of(ab), row);
    assertEquals(1L, rebuilder.rebuild(ac, row).field("a").longValue());
    Variant again = rebuilder.rebuild(VariantMetadata.of(ab), row);
    assertSame(first.metadata(), again.metadata());
    Rebuilder general = Rebuilder.generalOnly(plan, RebuildOptions.defaults());
    Variant generalFirst = general.rebuild(VariantMetadata.of(ab), row);
    general.rebuild(ac, row);
    Variant generalAgain = general.rebuild(VariantMetadata.of(ab), row);
    assertNotSame(generalFirst.metadata(), generalAgain.metadata());
    assertArrayEquals(first.valueBytes(), generalAgain.valueBytes());
    assertArrayEquals(first.metadataBytes(), generalAgain.metadataBytes());
  }

  private static void assertRebuildsAsAlone(
      Rebuilder reused, ShreddingPlan plan, VariantMetadata m, Slot row) {
    Variant alone = Rebuilder.of(plan).rebuild(m, row);
    Variant v = reused.rebuild(m, row);
    if (m != null) {
      assertEquals(Hex.of(m.toBytes()), Hex.of(v.metadataBytes()), "the row's dictionary");
    }
    assertEquals(Hex.of(alone.metadataBytes()), Hex.of(v.metadataBytes()));
    assertEquals(Hex.of(alone.valueBytes()), Hex.of(v.valueBytes()));
  }

  @Test
  void aRebuilderKeepsItsPlan() {
    ShreddingPlan plan = ShreddingPlan.parse("{\"a\": int64}");
    assertSame(plan, Rebuilder.of(plan).plan());
  }

  @Test
  void aConflictWithAMalformedResidualSaysSoInsteadOfFailingOnIt() {
    // the residual's header names primitive type id 21, which does not exist
    Variant malformed = Variant.of(Hex.bytes("01 00 00"), Hex.bytes("54"));
    var e =
        assertThrows(
            ShreddingException.class,
            () -> Rebuilder.of(ShreddingPlan.parse("int64")).rebuild(null, slot(malformed, 5L)));
    assertTrue(e.getMessage().contains("is set and so is value (malformed)"), e.getMessage());
  }

  /**
   * A top-level slot whose typed part is {@code typed} (a ByteBuffer, handed over as it is each
   * time, a Long or a BigDecimal), as a reader may hand it over.
   */
  private record TypedSource(Object typed) implements ShreddedSource {
    @Override
    public Variant residual() {
      return null;
    }

    @Override
    public boolean hasTyped() {
      return true;
    }

    @Override
    public boolean typedBoolean() {
      throw new UnsupportedOperationException();
    }

    @Override
    public long typedLong() {
      return (Long) typed;
    }

    @Override
    public float typedFloat() {
      throw new UnsupportedOperationException();
    }

    @Override
    public double typedDouble() {
      throw new UnsupportedOperationException();
    }

    @Override
    public BigDecimal typedDecimal() {
      return (BigDecimal) typed;
    }

    @Override
    public ByteBuffer typedBytes() {
      return (ByteBuffer) typed;
    }

    @Override
    public ShreddedSource field(int index) {
      throw new UnsupportedOperationException();
    }

    @Override
    public int elementCount() {
      throw new UnsupportedOperationException();
    }

    @Override
    public ShreddedSource element(int i) {
      throw new UnsupportedOperationException();
    }
  }
}
