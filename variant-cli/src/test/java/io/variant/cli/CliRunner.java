// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

/**
 * Runs {@code variant} in-process, as the shaded jar's main would (only the command run is
 * registered), with captured stdin, stdout and stderr.
 */
final class CliRunner {
  private CliRunner() {}

  /** What one run printed and returned. */
  record Result(int exitCode, String out, String err) {
    /** stderr without a stack trace is one line per error. */
    boolean hasStackTrace() {
      return err.contains("\tat ");
    }
  }

  static Result run(String stdin, String... args) {
    return run(stdin.getBytes(StandardCharsets.UTF_8), args);
  }

  static Result run(byte[] stdin, String... args) {
    return run(new ByteArrayInputStream(stdin), new ByteArrayOutputStream(), args);
  }

  /** Runs with {@code stdin} as it is (it may block) and stdout captured in {@code out}. */
  static Result run(java.io.InputStream stdin, ByteArrayOutputStream out, String... args) {
    StringWriter err = new StringWriter();
    int code =
        VariantCli.execute(
            VariantCli.commandLine(stdin, out, new PrintWriter(err, true), args), args);
    return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString());
  }

  /** Runs with empty stdin, reading and writing names with a scheme through {@code stores}. */
  static Result runOn(Stores stores, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    StringWriter err = new StringWriter();
    picocli.CommandLine cmd =
        VariantCli.commandLine(
            new ByteArrayInputStream(new byte[0]), out, new PrintWriter(err, true));
    ((VariantCli) cmd.getCommand()).stores(stores);
    int code = VariantCli.execute(cmd, args);
    return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString());
  }

  /**
   * Runs with empty stdin and a clock that moves one second each time it is read, so progress
   * displays draw whenever they are asked to, however fast the machine.
   */
  static Result runTicking(String... args) {
    StringWriter err = new StringWriter();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    picocli.CommandLine cmd =
        VariantCli.commandLine(
            new ByteArrayInputStream(new byte[0]), out, new PrintWriter(err, true), args);
    long[] ticks = {0};
    ((VariantCli) cmd.getCommand()).clock(() -> 1_000_000_000L * ticks[0]++);
    int code = VariantCli.execute(cmd, args);
    return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString());
  }

  /**
   * Runs with empty stdin and stdout {@code stdout} as it is (e.g. a stream that fails as a closed
   * pipe does); the result's {@code out} is empty.
   */
  static Result runTo(java.io.OutputStream stdout, String... args) {
    StringWriter err = new StringWriter();
    int code =
        VariantCli.execute(
            VariantCli.commandLine(
                new ByteArrayInputStream(new byte[0]), stdout, new PrintWriter(err, true), args),
            args);
    return new Result(code, "", err.toString());
  }

  /** A stdout that takes {@code bytes} bytes, then fails every write with {@code message}. */
  static java.io.OutputStream failingAfter(long bytes, String message) {
    return new java.io.OutputStream() {
      private long written;

      @Override
      public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        if (written + len > bytes) {
          throw new IOException(message);
        }
        written += len;
      }
    };
  }

  static byte[] gzip(byte[] data) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
      gz.write(data);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  /**
   * The repository root: system property {@code variant.repo.root} (surefire sets it), else the
   * working directory; either way walking up to the directory that holds {@code bin/variant}, so a
   * build started inside the module also works.
   */
  static Path repoRoot() {
    Path start =
        Path.of(System.getProperty("variant.repo.root", System.getProperty("user.dir")))
            .toAbsolutePath();
    for (Path p = start; p != null; p = p.getParent()) {
      if (Files.isRegularFile(p.resolve("bin/variant"))
          && Files.isRegularFile(p.resolve("pom.xml"))) {
        return p;
      }
    }
    throw new IllegalStateException(
        "no repository root (a directory with bin/variant) at or above " + start);
  }
}
