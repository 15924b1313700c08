package io.variant.cli;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.Closeable;
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
import java.util.zip.GZIPInputStream;

/**
 * One input of a command: a file, or stdin when the name is {@code -}. Gzip input is detected by its magic
 * bytes rather than the {@code .gz} suffix, so {@code zcat}-less pipes work too; JSON and hex text never
 * start with byte 0x1F.
 *
 * @param name the name to show in messages: the path as given, or {@code <stdin>}
 * @param stream the decompressed bytes; closing it does not close stdin
 */
record Input(String name, InputStream stream) implements Closeable {
  /** The name that means stdin, as in most Unix tools. */
  static final String STDIN = "-";

  private static final int GZIP_MAGIC_1 = 0x1F; // RFC 1952 §2.3.1: ID1, ID2
  private static final int GZIP_MAGIC_2 = 0x8B;
  private static final int BUFFER_BYTES = 1 << 16;

  /**
   * Opens {@code path}, or wraps {@code stdin} for {@code -} or {@code null}.
   *
   * @throws InputException if the file does not exist or cannot be read, or is truncated gzip
   */
  static Input open(String path, InputStream stdin) {
    boolean isStdin = path == null || STDIN.equals(path);
    String name = isStdin ? "<stdin>" : path;
    try {
      InputStream raw = isStdin ? new KeepOpen(stdin) : Files.newInputStream(Path.of(path));
      return new Input(name, decompressed(new BufferedInputStream(raw, BUFFER_BYTES)));
    } catch (NoSuchFileException e) {
      throw new InputException(name, 0, 0, "no such file", e);
    } catch (AccessDeniedException e) {
      throw new InputException(name, 0, 0, "permission denied", e);
    } catch (IOException e) {
      throw readFailure(name, 0, e);
    }
  }

  private static InputStream decompressed(BufferedInputStream in) throws IOException {
    in.mark(2);
    int b1 = in.read();
    int b2 = in.read();
    in.reset();
    if (b1 == GZIP_MAGIC_1 && b2 == GZIP_MAGIC_2) {
      return new BufferedInputStream(new GZIPInputStream(in, BUFFER_BYTES), BUFFER_BYTES);
    }
    return in;
  }

  /**
   * The text of this input as strict UTF-8: malformed bytes raise {@link CharacterCodingException}
   * rather than silently turning into U+FFFD.
   */
  BufferedReader utf8Reader() {
    var decoder = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT);
    return new BufferedReader(new InputStreamReader(stream, decoder), BUFFER_BYTES);
  }

  /**
   * The text of this input with every byte as one char (ISO-8859-1): for ASCII formats such as hex, where
   * any other byte is an error that the parser can then place exactly.
   */
  BufferedReader byteReader() {
    return new BufferedReader(new InputStreamReader(stream, StandardCharsets.ISO_8859_1), BUFFER_BYTES);
  }

  /**
   * The error for an {@link IOException} while reading input {@code name}. Decoders read ahead in blocks,
   * so the failure is located only roughly: somewhere after line {@code afterLine} (0 if unknown).
   */
  static InputException readFailure(String name, long afterLine, IOException e) {
    String what;
    if (e instanceof CharacterCodingException) {
      what = "input is not valid UTF-8";
    } else if (e instanceof java.util.zip.ZipException || e instanceof java.io.EOFException) {
      what = "corrupt or truncated gzip data (" + e.getMessage() + ")";
    } else {
      what = "cannot read: " + e.getMessage();
    }
    return new InputException(name, 0, 0, afterLine > 0 ? what + " (after line " + afterLine + ")" : what, e);
  }

  @Override
  public void close() throws IOException {
    stream.close();
  }

  /** stdin belongs to the process: commands close their inputs, which must not close stdin. */
  private static final class KeepOpen extends java.io.FilterInputStream {
    KeepOpen(InputStream in) {
      super(in);
    }

    @Override
    public void close() {}
  }
}
