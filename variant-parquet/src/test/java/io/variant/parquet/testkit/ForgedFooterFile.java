// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.testkit;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.Consumer;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.Util;

/**
 * A copy of a Parquet file whose footer was decoded, changed and written back. The footer is the
 * file's last part (spec: parquet-format §File format: footer, its 4-byte length, {@code PAR1}), so
 * no other offset moves and only the changed field lies. For the tests of every reader over forged
 * files. Reads and writes thrift with parquet-format-structures, never with a reader under test.
 */
public final class ForgedFooterFile {
  private static final int TAIL = 8;

  private ForgedFooterFile() {}

  /**
   * Writes {@code from}'s bytes to {@code to}, with its footer as {@code change} leaves it; returns
   * {@code to}.
   */
  public static Path write(Path from, Path to, Consumer<FileMetaData> change) throws IOException {
    byte[] file = Files.readAllBytes(from);
    int footerLength =
        ByteBuffer.wrap(file, file.length - TAIL, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    int footerStart = file.length - TAIL - footerLength;
    FileMetaData footer =
        Util.readFileMetaData(new ByteArrayInputStream(file, footerStart, footerLength));
    change.accept(footer);
    ByteArrayOutputStream out = new ByteArrayOutputStream(file.length + 64);
    out.write(file, 0, footerStart);
    Util.writeFileMetaData(footer, out);
    int newLength = out.size() - footerStart;
    out.write(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(newLength).array());
    out.write(Arrays.copyOfRange(file, file.length - 4, file.length));
    Files.write(to, out.toByteArray());
    return to;
  }
}
