// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.parquet.VariantParquetException;
import io.variant.parquet.file.FooterReader;
import io.variant.parquet.guard.GuardedInputFile;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.read.VariantReadOptions;
import io.variant.parquet.schema.VariantSchema;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.FileStatus;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.SeekableInputStream;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * A Parquet file given on the command line. Parquet needs random access (the footer is at the end),
 * so stdin ({@code -}) and gzip-compressed files are first copied, decompressed, to a temporary
 * file, which {@link #close()} deletes; a plain file is read in place, a local one through {@code
 * LocalInputFile}, one named with a scheme ({@link Stores}) through its Hadoop file system. Every
 * failure becomes an {@link InputException} naming the file as the user gave it.
 */
final class ParquetFile implements Closeable {
  private static final byte[] MAGIC = {'P', 'A', 'R', '1'};

  /** How the library's messages about a footer that does not decode or does not fit start. */
  private static final String FOOTER_FAILURE = "Cannot read the Parquet footer: ";

  private static final Pattern LOCAL_INPUT_FILE =
      Pattern.compile("org\\.apache\\.parquet\\.io\\.LocalInputFile@\\p{XDigit}+");

  private final String name;
  private final Path path; // the local file, or null for a file on a store
  private final InputFile file;
  private final boolean temporary;

  private ParquetFile(String name, Path path, InputFile file, boolean temporary) {
    this.name = name;
    this.path = path;
    this.file = file;
    this.temporary = temporary;
  }

  /**
   * Locates {@code arg} ({@code -} for stdin), copying it to a temporary file if it is stdin or
   * gzip.
   *
   * @throws InputException if it does not exist or cannot be read
   */
  static ParquetFile open(VariantCli cli, String arg) {
    if (Stores.isStore(arg)) {
      ParquetFile inPlace = onStore(cli, arg);
      if (inPlace != null) {
        return inPlace;
      }
    } else if (!Input.STDIN.equals(arg)) {
      Path p = Path.of(Stores.local(arg));
      try {
        if (Files.isRegularFile(p) && !Input.isGzip(p) && !Input.isZstd(p)) {
          return new ParquetFile(arg, p, new LocalInputFile(p), false);
        }
      } catch (IOException e) {
        throw Input.readFailure(arg, 0, e);
      }
    }
    try (Input in = cli.open(arg)) { // reports a missing file, stdin, and decompresses gzip
      Path copy = Files.createTempFile("variant-", ".parquet");
      try {
        Files.copy(in.stream(), copy, StandardCopyOption.REPLACE_EXISTING);
      } catch (IOException | RuntimeException e) {
        Files.deleteIfExists(copy);
        throw e instanceof IOException io
            ? Input.readFailure(in.name(), 0, io)
            : (RuntimeException) e;
      }
      return new ParquetFile(in.name(), copy, new LocalInputFile(copy), true);
    } catch (IOException e) {
      throw Input.readFailure(arg, 0, e);
    }
  }

  /** A file read in place through {@code file}, named {@code name} (tests count what is read). */
  static ParquetFile of(String name, InputFile file) {
    return new ParquetFile(name, null, file, false);
  }

  /** The file on its store, read in place; null if it is compressed (or missing: open says so). */
  private static ParquetFile onStore(VariantCli cli, String arg) {
    try {
      StoreFile f = cli.stores().file(arg);
      FileStatus status = f.status();
      if (status == null || !status.isFile()) {
        return null;
      }
      try (InputStream head = f.open()) {
        if (Input.isCompressed(head)) {
          return null;
        }
      }
      return new ParquetFile(arg, null, f.inputFile(), false);
    } catch (IOException e) {
      throw Input.readFailure(arg, 0, e);
    }
  }

  /** The name as given on the command line, or {@code <stdin>}. */
  String name() {
    return name;
  }

  /** The file read, as Parquet reads it: the file itself, or the decompressed temporary copy. */
  InputFile inputFile() {
    return file;
  }

  /**
   * A reader of the file, which the caller closes.
   *
   * @throws InputException if it is not a Parquet file or a VARIANT column's schema is unreadable
   */
  VariantParquetReader reader(VariantReadOptions options) {
    try {
      VariantParquetReader.Builder builder =
          path != null
              ? VariantParquetReader.builder(path)
              : VariantParquetReader.builder(file, name);
      return builder.options(options).build();
    } catch (VariantParquetException e) {
      throw error(e);
    } catch (IOException e) {
      throw Input.readFailure(name, 0, e);
    }
  }

  /**
   * The file's footer (schema, row groups, column chunks and their statistics), read without
   * reading a row, as the readers read it: a footer that does not decode is described in the same
   * words by every command.
   *
   * @throws InputException if it is not a Parquet file or its footer does not decode
   */
  ParquetMetadata footer() {
    try {
      ParquetMetadata footer = FooterReader.read(file, true);
      return footer != null
          ? footer
          : GuardedInputFile.readFooter(file, name, new PlainParquetConfiguration());
    } catch (VariantParquetException e) {
      throw error(e);
    } catch (IOException e) {
      throw Input.readFailure(name, 0, e);
    }
  }

  /**
   * {@code footer} checked against the file as every reader checks it ({@link GuardedInputFile}): a
   * footer that contradicts itself (a row group's row count its column chunks do not hold) or the
   * file is bad input, though it decodes.
   *
   * @throws InputException naming the file and what is wrong
   */
  ParquetMetadata check(ParquetMetadata footer) throws IOException {
    try {
      GuardedInputFile.of(file, name, footer);
    } catch (VariantParquetException e) {
      throw error(e);
    }
    return footer;
  }

  /**
   * Why the file is not a Parquet file at all, in a user's words, or null if it starts and ends
   * with the magic {@code PAR1} (then the reader's own message says what is wrong inside): a user
   * who gives JSON to {@code cat}, or a file still being copied, should not read about footer
   * lengths and magic number bytes.
   */
  private String notParquet() {
    try (SeekableInputStream in = file.newStream()) {
      long size = file.getLength();
      byte[] first = new byte[(int) Math.min(size, 64)];
      in.readFully(first);
      byte[] tail = new byte[4];
      if (size >= 4) {
        in.seek(size - 4);
        in.readFully(tail);
      }
      boolean starts = first.length >= 4 && Arrays.equals(Arrays.copyOf(first, 4), MAGIC);
      boolean ends = size >= 4 && Arrays.equals(tail, MAGIC);
      if (starts && ends && size >= 12) {
        return null;
      }
      if (starts) {
        return String.format(
            Locale.ROOT,
            "is not a complete Parquet file: it does not end with PAR1 after %,d bytes (truncated, "
                + "or still being written?)",
            size);
      }
      String text = new String(first, StandardCharsets.ISO_8859_1).strip();
      return text.startsWith("{") || text.startsWith("[")
          ? "is not a Parquet file: it looks like JSON ('variant convert' turns JSON into Parquet)"
          : size == 0
              ? "is not a Parquet file: it is empty"
              : "is not a Parquet file: it does not start with PAR1";
    } catch (IOException e) {
      return null; // the reader's message stands
    }
  }

  /**
   * The VARIANT column to read: {@code requested} if the file has it, else the only one.
   *
   * @param requested the {@code --column} value, or {@code null} for the default
   * @throws InputException if there is no such column, or none was requested and the file has no or
   *     several VARIANT columns; the message lists them
   */
  String variantColumn(VariantParquetReader reader, String requested) {
    return variantColumn(reader.plans().keySet(), fieldNames(reader.schema()), requested);
  }

  /**
   * {@link #variantColumn(VariantParquetReader, String)} of a file whose VARIANT columns are {@code
   * names} among its top-level columns {@code fields}.
   */
  String variantColumn(Set<String> names, List<String> fields, String requested) {
    String all = names.isEmpty() ? "it has none" : "it has " + String.join(", ", names);
    if (requested != null) {
      if (!names.contains(requested)) {
        throw new InputException(
            name, 0, 0, "no VARIANT column \"" + requested + "\" (" + all + ")");
      }
      return requested;
    }
    if (names.size() != 1) {
      throw new InputException(
          name,
          0,
          0,
          names.isEmpty()
              ? "no VARIANT column (columns: " + String.join(", ", fields) + ")"
              : "several VARIANT columns ("
                  + String.join(", ", names)
                  + "): choose one with --column");
    }
    return names.iterator().next();
  }

  /**
   * {@link #variantColumn(VariantParquetReader, String)} by the file's {@code schema} alone, for
   * commands that read no row: its VARIANT columns are the groups readers take for one.
   */
  String variantColumn(MessageType schema, String requested) {
    Set<String> names = new LinkedHashSet<>();
    for (Type t : schema.getFields()) {
      if (VariantSchema.isVariantGroup(t) && t.getRepetition() != Type.Repetition.REPEATED) {
        names.add(t.getName());
      }
    }
    return variantColumn(names, fieldNames(schema), requested);
  }

  /** The names of the top-level columns of {@code schema}. */
  static List<String> fieldNames(MessageType schema) {
    return schema.getFields().stream().map(Type::getName).toList();
  }

  /**
   * The file's schema, from our footer reader (parquet-java's where ours declines).
   *
   * @throws InputException if it is not a Parquet file or its footer does not decode
   */
  MessageType schema() {
    try {
      ParquetMetadata footer = FooterReader.read(file, false);
      if (footer != null) {
        return footer.getFileMetaData().getSchema();
      }
    } catch (RuntimeException e) {
      // footer() reads it again and says what is wrong in the words every command uses
    }
    return footer().getFileMetaData().getSchema();
  }

  /**
   * The command-line form of a reader failure: the file as the user named it (not a temporary
   * copy), then what is wrong (a file that is not Parquet at all: "is not a Parquet file: ...", a
   * footer that does not decode: "is not a valid Parquet file: ..."), then the column and the row
   * (counted from 1, as the lines of {@code cat}).
   */
  InputException error(VariantParquetException e) {
    String notParquet = e.detail().startsWith(FOOTER_FAILURE) ? notParquet() : null;
    if (notParquet != null) {
      return new InputException(name, 0, 0, notParquet, e);
    }
    String what =
        e.detail().startsWith(FOOTER_FAILURE)
            ? "is not a valid Parquet file: " + e.detail().substring(FOOTER_FAILURE.length())
            : e.detail();
    // parquet-java names a LocalInputFile by its Object.toString() ("LocalInputFile@2f943d71")
    String named = LOCAL_INPUT_FILE.matcher(what).replaceAll(Matcher.quoteReplacement(name));
    String shown = path != null ? path.toString() : file.toString();
    StringBuilder detail = new StringBuilder(named.replace(shown, name));
    if (e.column() != null) {
      detail.append(" (column ").append(e.column());
      detail.append(e.row() >= 0 ? ", row " + (e.row() + 1) + ")" : ")");
    } else if (e.row() >= 0) {
      detail.append(" (row ").append(e.row() + 1).append(')');
    }
    return new InputException(name, 0, 0, detail.toString(), e);
  }

  /** Deletes the temporary copy, if any. */
  @Override
  public void close() throws IOException {
    if (temporary && path != null) {
      Files.deleteIfExists(path);
    }
  }
}
