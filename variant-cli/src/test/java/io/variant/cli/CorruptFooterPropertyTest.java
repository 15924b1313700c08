// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.variant.testkit.Trials;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Parquet file whose footer is damaged is bad input for every command that reads Parquet: exit
 * code 0 (damage no reader can see, such as a changed statistic) or 1 with one line that names the
 * file and says what is wrong in a user's words, never an I/O error (exit code 3), thrift or Java
 * class names, or a stack trace. Where parquet-java itself cannot read the damaged footer, the line
 * says the file is not a valid Parquet file. Each trial damages the footer of a file written by
 * {@code convert} in one of several ways ({@link Damage}) and runs {@code cat}, {@code schema},
 * {@code get} and {@code inspect} on it.
 */
class CorruptFooterPropertyTest {
  /** Each trial runs five commands: a tenth of the configured trials, at least 40. */
  private static final int TRIALS = Math.max(40, Trials.trials() / 10);

  private static final List<List<String>> COMMANDS =
      List.of(
          List.of("cat"),
          List.of("schema"),
          List.of("get", "$.user.name"),
          List.of("get", "$.event_id", "--where", "$.event_id > 10"),
          List.of("inspect", "--row", "2"));

  /** Words that only a developer reads: class names, thrift's wording, JDK exception texts. */
  private static final Pattern INTERNALS =
      Pattern.compile(
          "org\\.apache|shaded\\.|thrift|Struct:|Socket|Scheme|\\w\\$\\w|@\\p{XDigit}{5,}"
              + "|Exception|Cannot invoke|because \"|java\\.|Required field|Unrecognized type");

  private static final Map<String, Integer> OUTCOMES = new TreeMap<>();

  @TempDir static Path dir;
  private static byte[] good;

  /** 200 events in several row groups, shredded by the inferred plan. */
  @BeforeAll
  static void writeGoodFile() throws IOException {
    Path input = Files.write(dir.resolve("events.ndjson"), Fixtures.eventLines().subList(0, 200));
    Path file = dir.resolve("good.parquet");
    Fixtures.ok(
        "convert", input.toString(), "-o", file.toString(), "-q", "--row-group-size", "16K");
    good = Files.readAllBytes(file);
  }

  @AfterAll
  static void printOutcomes() {
    System.out.println("[corrupt footers] outcomes: " + OUTCOMES);
  }

  /** Ways to damage a footer. */
  enum Damage {
    /** One to four bits flipped anywhere in the footer. */
    FLIP_BITS {
      @Override
      byte[] apply(byte[] file, Footer f, Random rnd) {
        byte[] b = file.clone();
        for (int i = 1 + rnd.nextInt(4); i > 0; i--) {
          b[f.start + rnd.nextInt(f.length)] ^= (byte) (1 << rnd.nextInt(8));
        }
        return b;
      }
    },
    /** A run of up to 16 footer bytes overwritten with random bytes. */
    RANDOM_BYTES {
      @Override
      byte[] apply(byte[] file, Footer f, Random rnd) {
        byte[] b = file.clone();
        int at = f.start + rnd.nextInt(f.length);
        byte[] noise = new byte[Math.min(1 + rnd.nextInt(16), f.end() - at)];
        rnd.nextBytes(noise);
        System.arraycopy(noise, 0, b, at, noise.length);
        return b;
      }
    },
    /** The footer length before the closing magic forged: shorter, longer, zero or huge. */
    LENGTH {
      @Override
      byte[] apply(byte[] file, Footer f, Random rnd) {
        long forged =
            switch (rnd.nextInt(5)) {
              case 0 -> f.length - 1 - rnd.nextInt(Math.min(f.length, 64));
              case 1 -> f.length + 1 + rnd.nextInt(64);
              case 2 -> 0;
              case 3 -> file.length - 8 + rnd.nextInt(16);
              default -> 0xFFFFFFFFL - rnd.nextInt(1 << 20);
            };
        byte[] b = file.clone();
        ByteBuffer.wrap(b, f.end(), 4).order(ByteOrder.LITTLE_ENDIAN).putInt((int) forged);
        return b;
      }
    },
    /** The footer cut after a random prefix; the length says so (a footer that ends early). */
    CUT {
      @Override
      byte[] apply(byte[] file, Footer f, Random rnd) {
        int kept = rnd.nextInt(f.length);
        byte[] b = Arrays.copyOf(file, f.start + kept + 8);
        ByteBuffer.wrap(b, f.start + kept, 4).order(ByteOrder.LITTLE_ENDIAN).putInt(kept);
        System.arraycopy(file, file.length - 4, b, b.length - 4, 4); // PAR1
        return b;
      }
    },
    /** A random run of footer bytes removed, the length left as written. */
    HOLE {
      @Override
      byte[] apply(byte[] file, Footer f, Random rnd) {
        int at = f.start + rnd.nextInt(f.length);
        int n = 1 + rnd.nextInt(Math.min(32, f.end() - at));
        byte[] b = new byte[file.length - n];
        System.arraycopy(file, 0, b, 0, at);
        System.arraycopy(file, at + n, b, at, file.length - at - n);
        return b;
      }
    };

    abstract byte[] apply(byte[] file, Footer footer, Random rnd);
  }

  /** Where the serialized footer lies: bytes [start, start + length), then length and magic. */
  record Footer(int start, int length) {
    static Footer of(byte[] file) {
      int length =
          ByteBuffer.wrap(file, file.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
      return new Footer(file.length - 8 - length, length);
    }

    int end() {
      return start + length;
    }
  }

  @Test
  void aDamagedFooterIsBadInputInOneLineNamingTheFile() {
    Footer footer = Footer.of(good);
    Trials.run(
        "aDamagedFooterIsBadInputInOneLineNamingTheFile",
        TRIALS,
        rnd -> {
          Damage damage = Damage.values()[rnd.nextInt(Damage.values().length)];
          Path file = Files.write(dir.resolve("damaged.parquet"), damage.apply(good, footer, rnd));
          boolean parquetJavaReadsIt = parquetJavaReadsFooter(file);
          for (List<String> command : COMMANDS) {
            String[] args = new String[command.size() + 1];
            args[0] = command.get(0);
            args[1] = file.toString();
            for (int i = 1; i < command.size(); i++) {
              args[i + 1] = command.get(i);
            }
            CliRunner.Result r = CliRunner.run("", args);
            String what = damage + " " + String.join(" ", command) + ": " + r.err();
            count(damage + " exit " + r.exitCode());
            if (r.exitCode() == 0) {
              continue;
            }
            assertEquals(1, r.exitCode(), what);
            String line = r.err().strip();
            assertFalse(line.contains("\n"), what);
            assertFalse(r.hasStackTrace(), what);
            assertTrue(line.startsWith(file + ": "), what);
            assertFalse(INTERNALS.matcher(line).find(), what);
            if (!parquetJavaReadsIt) {
              assertTrue(line.startsWith(file + ": is not a valid Parquet file: "), what);
            }
          }
        });
  }

  private static boolean parquetJavaReadsFooter(Path file) {
    try (ParquetFileReader r =
        ParquetFileReader.open(
            new LocalInputFile(file),
            ParquetReadOptions.builder(new PlainParquetConfiguration()).build())) {
      return r.getFooter() != null;
    } catch (IOException | RuntimeException e) {
      return false;
    } catch (OutOfMemoryError e) {
      fail("parquet-java ran out of memory reading the footer", e);
      return false;
    }
  }

  private static synchronized void count(String outcome) {
    OUTCOMES.merge(outcome, 1, Integer::sum);
  }
}
