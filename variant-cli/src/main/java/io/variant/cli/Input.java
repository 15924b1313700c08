// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.Closeable;
import java.io.EOFException;
import java.io.FileInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.ZipException;

/**
 * One input of a command: a file, or stdin when the name is {@code -}. Gzip and zstd input are
 * detected by their magic bytes rather than the suffix, so pipes work too; JSON and hex text never
 * start with byte 0x1F or 0x28 0xB5. They are read by {@link GzipMembers} and {@link ZstdFrames},
 * which fail with a {@link CompressedDataException} when the data is truncated, corrupt or followed
 * by other bytes. The magic-byte check is ours rather than commons-compress's {@code
 * CompressorStreamFactory.detect}: that jar reaches this module only as a runtime add-back for
 * Hadoop's job runner, so it is not on the compile class path and could leave with Hadoop.
 *
 * @param name the name to show in messages: the path as given, or {@code <stdin>}
 * @param stream the decompressed bytes, buffered (mark/reset supported); closing it does not close
 *     stdin
 * @param raw counts the bytes read from the file or stdin itself, before decompression (for
 *     progress)
 * @param size the bytes of a local regular file read as it is (not decompressed), else -1
 */
record Input(String name, BufferedInputStream stream, CountingInputStream raw, long size)
    implements Closeable {
  /** The name that means stdin, as in most Unix tools. */
  static final String STDIN = "-";

  private static final int GZIP_MAGIC_1 = 0x1F; // RFC 1952 §2.3.1: ID1, ID2
  private static final int GZIP_MAGIC_2 = 0x8B;
  private static final int[] ZSTD_MAGIC = {
    0x28, 0xB5, 0x2F, 0xFD
  }; // RFC 8878 §3.1.1, little-endian 0xFD2FB528
  private static final int BUFFER_BYTES = 1 << 16;

  /**
   * Opens {@code path}, or wraps {@code stdin} for {@code -} or {@code null}.
   *
   * @throws InputException if the file does not exist or cannot be read
   */
  static Input open(String path, InputStream stdin) {
    return open(path, stdin, null);
  }

  /**
   * Opens {@code path}, on its store if it has a scheme ({@link Stores}), or wraps {@code stdin}
   * for {@code -} or {@code null}.
   *
   * @param stores the stores of names with a scheme; null to take every name as local
   * @throws InputException if the file does not exist or cannot be read
   * @throws RefusedException if its scheme's connector is missing
   */
  static Input open(String path, InputStream stdin, Stores stores) {
    boolean isStdin = path == null || STDIN.equals(path);
    String name = isStdin ? "<stdin>" : path;
    try {
      // a local file, or null: stdin, or a name on a store
      Path local =
          isStdin || (stores != null && Stores.isStore(path)) ? null : Path.of(Stores.local(path));
      InputStream opened =
          isStdin
              ? new KeepOpen(stdin)
              : local == null ? stores.file(path).open() : openFile(local);
      CountingInputStream raw = new CountingInputStream(opened);
      BufferedInputStream buffered = new BufferedInputStream(raw, BUFFER_BYTES);
      BufferedInputStream stream = decompressed(buffered);
      long size =
          stream == buffered && local != null && Files.isRegularFile(local)
              ? Files.size(local)
              : -1;
      return new Input(name, stream, raw, size);
    } catch (NoSuchFileException e) {
      throw InputException.unreadable(name, "no such file", e);
    } catch (AccessDeniedException e) {
      throw InputException.unreadable(name, "permission denied", e);
    } catch (IOException e) {
      throw readFailure(name, 0, e);
    }
  }

  /**
   * A regular file through NIO; anything else (a named pipe, {@code /dev/fd/N} of a shell's {@code
   * <(...)}, a device) through {@link FileInputStream}, whose {@code available()} asks the pipe:
   * NIO's asks the channel's position, which fails on a pipe ("Illegal seek"), and {@code
   * BufferedInputStream} calls it on every read that does not fill its buffer.
   */
  private static InputStream openFile(Path file) throws IOException {
    if (Files.exists(file) && !Files.isRegularFile(file)) {
      return new FileInputStream(file.toFile());
    }
    return Files.newInputStream(file);
  }

  /** True if the file starts with the gzip magic bytes; false if it is shorter. */
  static boolean isGzip(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      return in.read() == GZIP_MAGIC_1 && in.read() == GZIP_MAGIC_2;
    }
  }

  /** True if the file starts with the zstd frame magic number. */
  static boolean isZstd(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      return isZstd(in);
    }
  }

  /** True if {@code in}, read from its start, is gzip or zstd data; reads up to 4 bytes. */
  static boolean isCompressed(InputStream in) throws IOException {
    int first = in.read();
    if (first == GZIP_MAGIC_1) {
      return in.read() == GZIP_MAGIC_2;
    }
    return first == ZSTD_MAGIC[0] && isZstd(in, 1);
  }

  private static boolean isZstd(InputStream in) throws IOException {
    return isZstd(in, 0);
  }

  private static boolean isZstd(InputStream in, int from) throws IOException {
    for (int i = from; i < ZSTD_MAGIC.length; i++) {
      if (in.read() != ZSTD_MAGIC[i]) {
        return false;
      }
    }
    return true;
  }

  private static BufferedInputStream decompressed(BufferedInputStream in) throws IOException {
    in.mark(ZSTD_MAGIC.length);
    int[] head = new int[ZSTD_MAGIC.length];
    for (int i = 0; i < head.length; i++) {
      head[i] = in.read();
    }
    in.reset();
    // Both decompressors fail with a CompressedDataException that ends the input, and neither
    // returns fewer members or frames than the file holds.
    if (head[0] == GZIP_MAGIC_1 && head[1] == GZIP_MAGIC_2) {
      return new BufferedInputStream(new GzipMembers(in), BUFFER_BYTES);
    }
    if (Arrays.equals(head, ZSTD_MAGIC)) {
      return new BufferedInputStream(new ZstdFrames(in), BUFFER_BYTES);
    }
    return in;
  }

  /**
   * The text of this input as strict UTF-8: malformed bytes raise {@link CharacterCodingException}
   * rather than silently turning into U+FFFD.
   */
  BufferedReader utf8Reader() {
    var decoder =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    return new BufferedReader(new InputStreamReader(stream, decoder), BUFFER_BYTES);
  }

  /**
   * The text of this input with every byte as one char (ISO-8859-1): for ASCII formats such as hex,
   * where any other byte is an error that the parser can then place exactly.
   */
  BufferedReader byteReader() {
    return new BufferedReader(
        new InputStreamReader(stream, StandardCharsets.ISO_8859_1), BUFFER_BYTES);
  }

  /**
   * The error for an {@link IOException} while reading input {@code name}. Decoders read ahead in
   * blocks, so the failure is located only roughly: somewhere after line {@code afterLine} (0 if
   * unknown).
   */
  static InputException readFailure(String name, long afterLine, IOException e) {
    String after = afterLine > 0 ? " (after line " + afterLine + ")" : "";
    if (e instanceof CharacterCodingException) {
      return new InputException(name, 0, 0, "input is not valid UTF-8" + after, e);
    } else if (e instanceof CompressedDataException) {
      return new InputException(name, 0, 0, e.getMessage() + after, e);
    } else if (e instanceof ZipException
        || e instanceof EOFException
        || e.getClass().getName().startsWith("com.github.luben.zstd")) {
      return new InputException(
          name,
          0,
          0,
          "corrupt or truncated compressed data (" + IoMessages.reason(e) + ")" + after,
          e);
    }
    return InputException.unreadable(name, "cannot read: " + IoMessages.reason(e) + after, e);
  }

  @Override
  public void close() throws IOException {
    stream.close();
  }

  /** stdin belongs to the process: commands close their inputs, which must not close stdin. */
  private static final class KeepOpen extends FilterInputStream {
    KeepOpen(InputStream in) {
      super(in);
    }

    @Override
    public void close() {}
  }
}
