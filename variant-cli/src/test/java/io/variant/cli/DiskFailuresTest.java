// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Constructor;
import java.util.concurrent.Callable;
import org.apache.hadoop.fs.FSError;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The errors a full disk raises before a command can report it (Hadoop's {@code FSError}, zstd-jni
 * failing to unpack its native library) end in one line and exit code 3, as other I/O failures do;
 * they had left as a stack trace with exit code 1. Other errors still leave as they are.
 */
class DiskFailuresTest {
  @Command(name = "failing")
  static final class Failing implements Callable<Integer> {
    private final Error error;

    Failing(Error error) {
      this.error = error;
    }

    @Override
    public Integer call() {
      throw error;
    }
  }

  private static String run(Error error, int expectedCode) {
    StringWriter text = new StringWriter();
    CommandLine cmd = new CommandLine(new Failing(error)).setErr(new PrintWriter(text, true));
    assertEquals(expectedCode, VariantCli.execute(cmd));
    return text.toString();
  }

  @Test
  void aFileSystemErrorIsAnIoErrorInOneLine() throws ReflectiveOperationException {
    // Hadoop makes its FSError only inside its own package
    Constructor<FSError> make = FSError.class.getDeclaredConstructor(Throwable.class);
    make.setAccessible(true);
    FSError full = make.newInstance(new IOException("No space left on device"));
    String err = run(full, ExitCodes.IO);
    assertTrue(err.startsWith("variant: ") && err.contains("no space left on device"), err);
    assertEquals(1, err.lines().count(), err);
  }

  @Test
  void zstdFailingToUnpackItsLibraryIsAnIoErrorInOneLine() {
    String err =
        run(
            new ExceptionInInitializerError("Cannot unpack libzstd-jni-1.5.7-15: File too large"),
            ExitCodes.IO);
    assertTrue(err.contains("Cannot unpack libzstd-jni-1.5.7-15: File too large"), err);
    assertEquals(1, err.lines().count(), err);
  }

  @Test
  void anyOtherClassSetUpFailureIsLeftAsItIs() {
    ExceptionInInitializerError bug = new ExceptionInInitializerError(new NullPointerException());
    CommandLine cmd = new CommandLine(new Failing(bug));
    assertSame(bug, assertThrows(ExceptionInInitializerError.class, () -> VariantCli.execute(cmd)));
  }
}
