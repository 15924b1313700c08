// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A committed {@link OutputTarget} that replaced a file puts it back when withdrawn, as a set of
 * numbered files whose later file fails must: a failed {@code --overwrite} of a set had deleted the
 * new files it had moved and left the old set with those files gone, which read with exit code 0.
 */
class OutputTargetWithdrawTest {
  @TempDir Path dir;

  private OutputTarget written(Path out, String text) throws IOException {
    OutputTarget t =
        OutputTarget.of(out.toString(), true, OutputStream.nullOutputStream()).keepReplaced();
    try (OutputStream s = t.open().create(0)) {
      s.write(text.getBytes(StandardCharsets.UTF_8));
    }
    return t;
  }

  private List<String> listing() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void aWithdrawnCommitPutsBackTheFileItReplaced() throws IOException {
    Path out = Files.writeString(dir.resolve("out-00001.parquet"), "old");
    OutputTarget t = written(out, "new");
    t.commit();
    assertEquals("new", Files.readString(out));

    t.withdraw();

    assertEquals("old", Files.readString(out));
    assertEquals(List.of("out-00001.parquet"), listing());
  }

  @Test
  void aCommitWithdrawnToAnotherNameIsKeptThereAndTheFileItReplacedComesBack() throws IOException {
    Path out = Files.writeString(dir.resolve("rejects.ndjson"), "old");
    OutputTarget t = written(out, "new");
    t.commit();

    t.withdrawTo(dir.resolve("rejects.ndjson.failed"));

    assertEquals("old", Files.readString(out));
    assertEquals("new", Files.readString(dir.resolve("rejects.ndjson.failed")));
    assertEquals(List.of("rejects.ndjson", "rejects.ndjson.failed"), listing());
  }

  @Test
  void aSettledCommitKeepsNothingAside() throws IOException {
    Path out = Files.writeString(dir.resolve("out.parquet"), "old");
    OutputTarget t = written(out, "new");
    t.commit();
    t.settle();

    assertEquals("new", Files.readString(out));
    assertEquals(List.of("out.parquet"), listing());
  }

  @Test
  void aTargetNotInASetKeepsNothingAside() throws IOException {
    Path out = Files.writeString(dir.resolve("one.parquet"), "old");
    OutputTarget t = OutputTarget.of(out.toString(), true, OutputStream.nullOutputStream());
    try (OutputStream s = t.open().create(0)) {
      s.write('n');
    }
    t.commit(); // select and the other one-file commands never settle

    assertEquals(List.of("one.parquet"), listing());
  }

  @Test
  void aWithdrawnCommitOfANewFileLeavesNone() throws IOException {
    Path out = dir.resolve("fresh.parquet");
    OutputTarget t = written(out, "new");
    t.commit();

    t.withdraw();

    assertEquals(List.of(), listing());
  }
}
