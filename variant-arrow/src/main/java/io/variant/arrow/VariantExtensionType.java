// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.ExtensionTypeRegistry;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * The canonical Arrow extension type {@code arrow.parquet.variant}: a struct storage of a binary
 * {@code metadata} and a binary {@code value}, plus a {@code typed_value} in shredded storage
 * ({@link StorageFields}). The type has no parameters (its serialized metadata is empty); what a
 * column shreds is read from its storage's children, so one instance serves every column.
 *
 * <p>The unshredded storage, {@code struct<metadata: binary not null, value: binary>}, is the one
 * of the Variant type later Arrow Java releases ship, so a column written with this type reads
 * there, and this class can give way to that one.
 *
 * <pre>{@code
 * try (VariantExtensionType.Registration r = VariantExtensionType.register()) {
 *   // IPC readers now give VariantVector columns for fields of this type
 * }
 * }</pre>
 *
 * <p><b>Thread safety:</b> the type is immutable; {@link #register()} and {@link
 * Registration#close()} may be called from any thread.
 */
public final class VariantExtensionType extends ArrowType.ExtensionType {
  /** The extension name, as the Arrow format's canonical extensions define it. */
  public static final String NAME = "arrow.parquet.variant";

  /** The one instance. */
  public static final VariantExtensionType INSTANCE = new VariantExtensionType();

  private static final Object LOCK = new Object();
  private static int registrations; // open Registrations that count on INSTANCE being registered
  private static boolean registeredByUs; // true when the first of them put INSTANCE in the registry

  private VariantExtensionType() {}

  @Override
  public ArrowType storageType() {
    return ArrowType.Struct.INSTANCE;
  }

  @Override
  public String extensionName() {
    return NAME;
  }

  @Override
  public boolean extensionEquals(ExtensionType other) {
    return other instanceof VariantExtensionType;
  }

  /** Empty: the type has no parameters. */
  @Override
  public String serialize() {
    return "";
  }

  /**
   * This type, for a struct storage; the storage's children are checked when a vector of the field
   * is read ({@link StorageFields#plan}).
   *
   * @throws IllegalArgumentException if the storage is not a struct
   */
  @Override
  public ArrowType deserialize(ArrowType storageType, String serializedData) {
    if (!(storageType instanceof ArrowType.Struct)) {
      throw new IllegalArgumentException(
          "Cannot read " + NAME + ": its storage is " + storageType + ", not a struct");
    }
    return INSTANCE;
  }

  /** A {@link VariantVector} whose storage children are added from the field's children. */
  @Override
  public FieldVector getNewVector(String name, FieldType fieldType, BufferAllocator allocator) {
    StructVector storage =
        new StructVector(
            name,
            allocator,
            new FieldType(fieldType.isNullable(), ArrowType.Struct.INSTANCE, null),
            null);
    return new VariantVector(name, fieldType, allocator, storage);
  }

  /**
   * Puts {@link #INSTANCE} in Arrow's {@link ExtensionTypeRegistry} (so that IPC readers make
   * {@link VariantVector}s), unless a type of this name is there already; close the result to undo
   * it. Registrations nest: the type leaves the registry when the last open one that counts on it
   * closes, and only if a registration of this class put it there.
   */
  public static Registration register() {
    synchronized (LOCK) {
      if (registrations == 0) {
        registeredByUs = ExtensionTypeRegistry.lookup(NAME) == null;
        if (registeredByUs) {
          ExtensionTypeRegistry.register(INSTANCE);
        }
      }
      registrations++;
      return new Registration();
    }
  }

  /** An open registration of the type; {@link #close()} is idempotent. */
  public static final class Registration implements AutoCloseable {
    private boolean open = true;

    private Registration() {}

    @Override
    public void close() {
      synchronized (LOCK) {
        if (!open) {
          return;
        }
        open = false;
        registrations--;
        if (registrations == 0
            && registeredByUs
            && ExtensionTypeRegistry.lookup(NAME) == INSTANCE) {
          ExtensionTypeRegistry.unregister(INSTANCE);
        }
      }
    }
  }
}
