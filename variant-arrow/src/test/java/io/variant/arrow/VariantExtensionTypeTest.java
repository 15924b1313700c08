// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.testkit.PlanGen;
import io.variant.testkit.Trials;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.ExtensionTypeRegistry;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;

/** The extension type: its storage, its plan round trip, and registration. */
class VariantExtensionTypeTest {
  @Test
  void unshreddedStorageIsTheUpstreamStructOfMetadataAndValue() {
    Field field = StorageFields.column("v", ShreddingPlan.residual());
    assertEquals(
        "arrow.parquet.variant", ((ArrowType.ExtensionType) field.getType()).extensionName());
    assertEquals("", VariantExtensionType.INSTANCE.serialize());
    assertEquals(ArrowType.Struct.INSTANCE, VariantExtensionType.INSTANCE.storageType());
    assertEquals(
        List.of(
            Field.notNullable("metadata", ArrowType.Binary.INSTANCE),
            Field.nullable("value", ArrowType.Binary.INSTANCE)),
        field.getChildren());
  }

  @Test
  void shreddedObjectFieldsAreNonNullGroupsOfValueAndTypedValue() {
    Field field =
        StorageFields.column("v", ShreddingPlan.parse("{\"id\": int64, \"tags\": [string]}"));
    Field typed = field.getChildren().get(2);
    assertEquals("typed_value", typed.getName());
    Field id = typed.getChildren().get(0);
    assertFalse(id.isNullable(), "field groups are required");
    assertEquals(
        List.of(
            Field.nullable("value", ArrowType.Binary.INSTANCE),
            Field.nullable("typed_value", new ArrowType.Int(64, true))),
        id.getChildren());
    Field tags = typed.getChildren().get(1).getChildren().get(1);
    assertEquals(ArrowType.List.INSTANCE, tags.getType());
    assertFalse(tags.getChildren().get(0).isNullable(), "element groups are required");
  }

  @Test
  void planReadBackFromTheStorageIsThePlan() {
    Trials.run(
        "planReadBackFromTheStorageIsThePlan",
        rnd -> {
          ShreddingPlan plan = PlanGen.plan(rnd);
          assertEquals(plan, StorageFields.plan(StorageFields.column("v", plan)));
        });
  }

  @Test
  void storageWithoutMetadataIsRejected() {
    Field noMetadata =
        new Field(
            "v",
            FieldType.nullable(VariantExtensionType.INSTANCE),
            List.of(Field.nullable("value", ArrowType.Binary.INSTANCE)));
    var e = assertThrows(IllegalArgumentException.class, () -> StorageFields.plan(noMetadata));
    assertTrue(e.getMessage().contains("has no binary metadata child"), e.getMessage());
    var s =
        assertThrows(
            IllegalArgumentException.class,
            () -> VariantExtensionType.INSTANCE.deserialize(ArrowType.Binary.INSTANCE, ""));
    assertTrue(s.getMessage().contains("not a struct"), s.getMessage());
  }

  @Test
  void registrationsNestAndTheLastCloseUnregisters() {
    assertNull(
        ExtensionTypeRegistry.lookup(VariantExtensionType.NAME), "registered before the test");
    VariantExtensionType.Registration outer = VariantExtensionType.register();
    VariantExtensionType.Registration inner = VariantExtensionType.register();
    assertSame(
        VariantExtensionType.INSTANCE, ExtensionTypeRegistry.lookup(VariantExtensionType.NAME));
    inner.close();
    inner.close(); // idempotent: does not count twice
    assertSame(
        VariantExtensionType.INSTANCE, ExtensionTypeRegistry.lookup(VariantExtensionType.NAME));
    outer.close();
    assertNull(ExtensionTypeRegistry.lookup(VariantExtensionType.NAME));
  }

  @Test
  void anotherTypeOfTheNameIsNeitherReplacedNorRemoved() {
    ArrowType.ExtensionType other = new OtherVariantType();
    ExtensionTypeRegistry.register(other);
    try {
      VariantExtensionType.register().close();
      assertSame(other, ExtensionTypeRegistry.lookup(VariantExtensionType.NAME));
    } finally {
      ExtensionTypeRegistry.unregister(other);
    }
  }

  /** Stands for another library's type of the same name (e.g. a later Arrow Java's). */
  private static final class OtherVariantType extends ArrowType.ExtensionType {
    @Override
    public ArrowType storageType() {
      return ArrowType.Struct.INSTANCE;
    }

    @Override
    public String extensionName() {
      return VariantExtensionType.NAME;
    }

    @Override
    public boolean extensionEquals(ArrowType.ExtensionType other) {
      return other == this;
    }

    @Override
    public String serialize() {
      return "";
    }

    @Override
    public ArrowType deserialize(ArrowType storageType, String serializedData) {
      return this;
    }

    @Override
    public FieldVector getNewVector(String name, FieldType fieldType, BufferAllocator allocator) {
      throw new UnsupportedOperationException("never read in this test");
    }
  }
}
