// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.guard;

import io.variant.parquet.VariantParquetException;
import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Tells a footer that cannot be decoded from a file that cannot be read, and says why in the words
 * of the Parquet format rather than of parquet-java's thrift runtime. parquet-java reports both as
 * {@link IOException}: "can not read class org.apache.parquet.format.FileMetaData: Required field
 * 'version' was not found in serialized data! Struct: ...FileMetaDataStandardScheme@1175e2db", or
 * "Socket is closed by peer." when the footer's bytes end inside a field, although the file is
 * local and was read whole.
 */
final class FooterFailure {
  /** What every footer failure's message starts with, in the library's "Cannot ..." form. */
  static final String PREFIX = "Cannot read the Parquet footer: ";

  /** Why a footer whose column chunks name a column path that its schema lacks is refused. */
  static final String UNKNOWN_COLUMN =
      "a column chunk names a column that the schema does not have";

  private static final String THRIFT_PACKAGE = "shaded.parquet.org.apache.thrift.";
  private static final Pattern REQUIRED_FIELD = Pattern.compile("Required field '(\\w+)'");
  private static final Pattern FOOTER_INDEX =
      Pattern.compile("the footer index is not within the file");

  /**
   * parquet-java's schema builder refusing an annotation that the element's physical type or its
   * decimal fields do not allow (spec: LogicalTypes.md): its messages name the rule in the format's
   * words, but no column.
   */
  private static final Pattern ANNOTATION_RULE =
      Pattern.compile(
          "\\S+ can only annotate .*|\\S+ cannot store \\d+ digits \\(max \\d+\\)"
              + "|Invalid DECIMAL scale: .*|Decimal (precision|scale) should match .*");

  private FooterFailure() {}

  /**
   * {@code e}, thrown while parquet-java read the footer of file {@code name}, as the exception a
   * caller of this library sees.
   *
   * @return an {@link IOException} if the file could not be read (missing, permission denied, a
   *     failed read), else a {@link VariantParquetException}: the bytes were read and do not decode
   */
  static Exception of(Exception e, String name) {
    if (isMalformed(e)) {
      return new VariantParquetException(name, null, -1, PREFIX + reason(e), e);
    }
    if (e instanceof FileNotFoundException || e instanceof FileSystemException) {
      return e; // they name the path already
    }
    return new IOException("Cannot read the Parquet footer of " + name + ": " + e.getMessage(), e);
  }

  /**
   * True if the footer's bytes were read and do not decode: any unchecked exception (parquet-java's
   * checks of the tail and the conversion of the metadata), or an {@link IOException} caused by
   * thrift's decoding or by an end of input inside the footer.
   */
  static boolean isMalformed(Throwable e) {
    if (e instanceof RuntimeException) {
      return true;
    }
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof EOFException || t.getClass().getName().startsWith(THRIFT_PACKAGE)) {
        return true;
      }
    }
    return false;
  }

  /** Why the footer does not decode, in one line that names no Java or thrift class. */
  static String reason(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      String m = t.getMessage() == null ? "" : t.getMessage();
      Matcher required = REQUIRED_FIELD.matcher(m);
      if (required.find()) {
        return "the footer lacks the required field '" + required.group(1) + "'";
      }
      if (t instanceof EOFException || t.getClass().getSimpleName().equals("TTransportException")) {
        return "the footer ends inside a field (its length, or a length in it, is wrong)";
      }
      if (t.getClass().getSimpleName().equals("InvalidRecordException")
          && m.contains(" not found in ")) {
        return UNKNOWN_COLUMN; // parquet-java resolving a chunk's path in the schema
      }
      if (FOOTER_INDEX.matcher(m).find()) {
        return "the footer length does not fit in the file";
      }
      Matcher rule = ANNOTATION_RULE.matcher(m);
      if (rule.matches()) {
        return "a column's annotation breaks a rule of the format: " + rule.group();
      }
    }
    return "the footer does not decode as Parquet metadata";
  }
}
