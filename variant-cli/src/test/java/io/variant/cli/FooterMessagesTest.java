// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.variant.parquet.testkit.ChangedPageFile;
import io.variant.parquet.testkit.ForgedFooterFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.Type;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command says the same one line about a footer that does not decode, or a file that is not
 * Parquet at all: {@code select}, {@code count} and {@code meta} had printed parquet-java's own
 * text instead (an exception's message naming a Java class, {@code null}, or the schema over many
 * lines).
 */
class FooterMessagesTest {
  @TempDir Path dir;

  private String forged(String name, Consumer<FileMetaData> forge) throws Exception {
    Path good = ChangedPageFile.writeIntact(dir.resolve("good.parquet"));
    return ForgedFooterFile.write(good, dir.resolve(name), forge).toString();
  }

  /** Every command on {@code file} exits 1 with {@code line}, after the file's name. */
  private void everyCommandSays(String file, String line) {
    List<List<String>> commands = new ArrayList<>(List.of(List.of("count", file)));
    commands.add(List.of("meta", file));
    everyCommandSays(file, line, commands);
  }

  /** {@code also} and every command that reads the VARIANT column exit 1 with {@code line}. */
  private void everyCommandSays(String file, String line, List<List<String>> also) {
    List<List<String>> commands = new ArrayList<>(ReadingCommands.of(file, dir, 5));
    commands.add(List.of("schema", file));
    commands.add(List.of("inspect", file));
    commands.addAll(also);
    for (List<String> args : commands) {
      CliRunner.Result r = CliRunner.run("", args.toArray(String[]::new));
      String at = args + ": " + r.err();
      assertEquals(ExitCodes.BAD_INPUT, r.exitCode(), at);
      assertEquals(file + ": " + line, r.err().strip(), at);
      assertFalse(r.hasStackTrace(), at);
    }
  }

  @Test
  void aSchemaElementWithoutItsRepetition() throws Exception {
    // parquet-java's conversion fails with a NullPointerException
    String file = forged("repetition.parquet", f -> f.getSchema().get(1).unsetRepetition_type());
    everyCommandSays(
        file, "is not a valid Parquet file: the footer does not decode as Parquet metadata");
  }

  @Test
  void aRootClaimingMoreChildrenThanTheSchemaHas() throws Exception {
    // parquet-java's conversion fails with an exception whose message is null
    String file = forged("children.parquet", f -> f.getSchema().get(0).setNum_children(2));
    everyCommandSays(
        file, "is not a valid Parquet file: the footer does not decode as Parquet metadata");
  }

  @Test
  void aGroupClaimingFewerChildrenThanItHas() throws Exception {
    // parquet-java's message is the schema, over many lines
    String file = forged("fewer.parquet", f -> f.getSchema().get(1).setNum_children(2));
    everyCommandSays(
        file,
        "is not a valid Parquet file: a column chunk names a column that the schema does not have");
  }

  @Test
  void aVariantColumnWhoseMetadataIsNotBinary() throws Exception {
    // select had named no file: given several, the user could not tell which one is bad
    String file =
        forged(
            "int32-metadata.parquet",
            f -> { // the schema and the chunks agree: only the VARIANT rules are broken
              f.getSchema().stream()
                  .filter(e -> e.getName().equals("metadata"))
                  .forEach(e -> e.setType(Type.INT32));
              f.getRow_groups().stream()
                  .flatMap(g -> g.getColumns().stream())
                  .filter(c -> c.getMeta_data().getPath_in_schema().contains("metadata"))
                  .forEach(c -> c.getMeta_data().setType(Type.INT32));
            });
    // count and meta read the footer only, which holds together
    everyCommandSays(
        file,
        "Invalid VARIANT schema at v.metadata: Expected required binary metadata, found required"
            + " int32 metadata (column v.metadata)",
        List.of());
  }
}
