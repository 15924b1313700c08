// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import io.variant.arrow.StorageFields;
import io.variant.arrow.VariantVector;
import io.variant.parquet.schema.ShreddedSchemaNode;
import io.variant.shredding.ShreddingPlan;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * Pairs the Parquet columns of a file with the Arrow vectors of a batch: for a VARIANT column, its
 * slot tree ({@link ShreddedSchemaNode}) with the storage {@link StorageFields} made for its (maybe
 * projected) plan, slot by slot (spec: VariantShredding §Shredded Value Types: a slot's {@code
 * value} and {@code typed_value}, an object's field groups, an array's 3-level list); for a plain
 * column, its one leaf. Each Parquet leaf read becomes a {@link LeafReader}.
 */
final class StorageBinder {
  private final MessageType schema;
  private final List<LeafReader> leaves = new ArrayList<>();

  StorageBinder(MessageType schema) {
    this.schema = schema;
  }

  /** The leaves bound so far, in schema order. */
  List<LeafReader> leaves() {
    return leaves;
  }

  /** Binds a top-level primitive column read into {@code vector}. */
  void plain(String name, FieldVector vector) {
    leaf(new String[] {name}, vector, List.of(), 0, 0);
  }

  /** Binds a VARIANT column whose storage follows {@code plan}, a projection of the node's. */
  void variant(ShreddedSchemaNode root, ShreddingPlan plan, VariantVector vector) {
    String[] path = {root.group().getName()};
    StructVector storage = vector.getUnderlyingVector();
    List<VectorNode> chain = List.of(node(storage, path, 0, 0, null, null));
    leaf(append(path, StorageFields.METADATA), vector.metadataVector(), chain, 0, 0);
    slot(root, plan, storage, path, chain, 0, 0);
  }

  private void slot(
      ShreddedSchemaNode node,
      ShreddingPlan plan,
      StructVector group,
      String[] path,
      List<VectorNode> chain,
      int depth,
      int elementDefinition) {
    if (node.hasValue()) {
      FieldVector value = group.getChild(StorageFields.VALUE);
      leaf(append(path, node.valueField()), value, chain, depth, elementDefinition);
    }
    if (!plan.isShredded() || !node.hasTyped()) {
      return;
    }
    String[] typedPath = append(path, node.typedField());
    FieldVector typed = group.getChild(StorageFields.TYPED_VALUE);
    switch (plan.shape()) {
      case RESIDUAL -> {}
      case SCALAR -> leaf(typedPath, typed, chain, depth, elementDefinition);
      case OBJECT -> {
        VectorNode object = node(typed, typedPath, depth, elementDefinition, null, null);
        for (ShreddingPlan.Field f : plan.asObject().fields()) {
          ShreddedSchemaNode fieldNode = node.fields().get(node.fieldIndex(f.name()));
          String[] fieldPath = append(typedPath, f.name());
          StructVector fieldGroup = (StructVector) ((StructVector) typed).getChild(f.name());
          VectorNode field =
              node(fieldGroup, fieldPath, depth, elementDefinition, null, optionalGroup(fieldNode));
          slot(
              fieldNode,
              f.plan(),
              fieldGroup,
              fieldPath,
              with(chain, object, field),
              depth,
              elementDefinition);
        }
      }
      case ARRAY -> {
        VectorNode list = node(typed, typedPath, depth, elementDefinition, null, null);
        GroupType listGroup = node.group().getType(node.typedField()).asGroupType();
        String[] repeatedPath = append(typedPath, listGroup.getType(0).getName());
        ShreddedSchemaNode elementNode = node.element();
        String[] elementPath = append(repeatedPath, elementNode.group().getName());
        int elementDepth = schema.getMaxRepetitionLevel(repeatedPath);
        int elementDef = schema.getMaxDefinitionLevel(repeatedPath);
        StructVector elements = (StructVector) ((ListVector) typed).getDataVector();
        VectorNode element = node(elements, elementPath, elementDepth, elementDef, list, null);
        slot(
            elementNode,
            plan.asArray().element(),
            elements,
            elementPath,
            with(chain, list, element),
            elementDepth,
            elementDef);
      }
    }
  }

  private VectorNode node(
      FieldVector vector,
      String[] path,
      int depth,
      int elementDefinition,
      VectorNode list,
      String optionalGroup) {
    return new VectorNode(
        vector,
        String.join(".", path),
        schema.getMaxDefinitionLevel(path),
        depth,
        elementDefinition,
        list,
        optionalGroup);
  }

  /**
   * The column of field slot {@code field} if its file declares its group optional where the layout
   * makes it required (a null group is then refused: {@link VectorNode}), else {@code null}.
   */
  private static String optionalGroup(ShreddedSchemaNode field) {
    boolean required = field.layout().slotRepetition() == Type.Repetition.REQUIRED;
    return required && field.group().isRepetition(Type.Repetition.OPTIONAL) ? field.path() : null;
  }

  private void leaf(
      String[] path, FieldVector vector, List<VectorNode> chain, int depth, int elementDefinition) {
    leaves.add(
        new LeafReader(
            schema.getColumnDescription(path),
            vector,
            chain,
            depth,
            elementDefinition,
            elementDefinitions(path)));
  }

  /**
   * The definition level at which an element of each repeated group on {@code path} exists, outer
   * first: the levels an entry must reach for the next one to continue that group's list.
   */
  private int[] elementDefinitions(String[] path) {
    List<Integer> levels = new ArrayList<>();
    for (int i = 1; i <= path.length; i++) {
      String[] prefix = Arrays.copyOf(path, i);
      if (schema.getType(prefix).isRepetition(Type.Repetition.REPEATED)) {
        levels.add(schema.getMaxDefinitionLevel(prefix));
      }
    }
    return levels.stream().mapToInt(Integer::intValue).toArray();
  }

  private static List<VectorNode> with(List<VectorNode> chain, VectorNode a, VectorNode b) {
    List<VectorNode> longer = new ArrayList<>(chain);
    longer.add(a);
    longer.add(b);
    return longer;
  }

  private static String[] append(String[] path, String name) {
    String[] longer = Arrays.copyOf(path, path.length + 1);
    longer[path.length] = name;
    return longer;
  }
}
