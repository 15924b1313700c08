// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.parquet.schema.ShreddedSchemaNode;
import io.variant.parquet.schema.VariantSchema;
import java.util.function.Supplier;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.Type;

/**
 * The converter of one slot group (the VARIANT group itself, an object field group or a list
 * element group). When its group starts it asks its parent for the {@link SlotSource} to fill; its
 * children write the residual and the typed part into that source. Object and list typed groups
 * create child slot converters whose sources come from the enclosing source, so one converter tree
 * serves every element of every list.
 */
final class SlotConverter extends GroupConverter implements SlotTarget {
  private final Supplier<SlotSource> onStart;
  private final Converter[] children;
  private SlotSource current;

  /**
   * @param node the slot, described from the requested (possibly projected) schema
   * @param onStart returns the cleared source to fill when this group starts
   * @param top the column's root (then {@code row} receives the metadata)
   */
  SlotConverter(
      ShreddedSchemaNode node, Supplier<SlotSource> onStart, VariantColumnReader row, boolean top) {
    this.onStart = onStart;
    GroupType group = node.group();
    this.children = new Converter[group.getFieldCount()];
    for (int i = 0; i < children.length; i++) {
      Type field = group.getType(i);
      String name = field.getName();
      String path = node.path() + "." + name;
      if (name.equals(node.valueField())) {
        children[i] =
            new BinaryConverter() {
              @Override
              void accept(byte[] bytes, int dictionaryId) {
                current.setResidual(bytes);
              }
            };
      } else if (name.equals(node.typedField())) {
        children[i] = typed(node, row, path);
      } else if (top && name.equals(VariantSchema.METADATA)) {
        children[i] = new MetadataConverter(row);
      } else {
        // Invariant: RequestedSchema keeps only the slot's residual, typed child and metadata.
        throw new IllegalArgumentException(
            "Cannot read field " + path + ": not part of the requested Variant schema");
      }
    }
  }

  private Converter typed(ShreddedSchemaNode node, VariantColumnReader row, String path) {
    return switch (node.shape()) {
      case SCALAR -> ScalarConverters.create(node.shreddedType(), this, path);
      case ARRAY -> new ListConverter(node.element(), row);
      case OBJECT -> new ObjectConverter(node, row);
      case RESIDUAL -> throw new AssertionError(node); // only slots with a typed child get one
    };
  }

  /** The source of the current row (or list element) that this slot's children write into. */
  @Override
  public SlotSource current() {
    return current;
  }

  @Override
  public Converter getConverter(int fieldIndex) {
    return children[fieldIndex];
  }

  @Override
  public void start() {
    current = onStart.get();
  }

  @Override
  public void end() {}

  /** An object {@code typed_value}: a group of field groups, each a slot. */
  private final class ObjectConverter extends GroupConverter {
    private final SlotConverter[] fields;

    ObjectConverter(ShreddedSchemaNode node, VariantColumnReader row) {
      fields = new SlotConverter[node.fields().size()];
      for (int i = 0; i < fields.length; i++) {
        int index = i;
        fields[i] =
            new SlotConverter(node.fields().get(i), () -> current.startField(index), row, false);
      }
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      return fields[fieldIndex];
    }

    @Override
    public void start() {
      current.startObject();
    }

    @Override
    public void end() {}
  }

  /** A LIST {@code typed_value}: its repeated group adds an element per repetition. */
  private final class ListConverter extends GroupConverter {
    private final GroupConverter repeated;
    private SlotSource element;

    ListConverter(ShreddedSchemaNode elementNode, VariantColumnReader row) {
      SlotConverter elementConverter = new SlotConverter(elementNode, () -> element, row, false);
      repeated =
          new GroupConverter() {
            @Override
            public Converter getConverter(int fieldIndex) {
              return elementConverter;
            }

            @Override
            public void start() {
              // A null element group (draft layout) leaves the element cleared: missing, read as
              // Variant null.
              element = current.addElement();
            }

            @Override
            public void end() {}
          };
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      return repeated;
    }

    @Override
    public void start() {
      current.startList();
    }

    @Override
    public void end() {}
  }
}
