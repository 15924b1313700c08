// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The rule that an overwritten OUT directory may not hold one of the job's inputs, which replacing
 * OUT would delete. An input is held when its path, as written and qualified, is OUT or below it;
 * on the local file system also when its real path (symbolic links resolved, as the local engine
 * resolves them) is OUT's real path or below it. For the real paths a glob is expanded and a
 * directory listed one level deep, as the job lists its input, since any file the job reads through
 * a link may sit in OUT.
 */
final class HeldInputs {
  private static final String LOCAL_SCHEME = "file";

  private HeldInputs() {}

  /**
   * Refuses {@code inputs} if the existing directory {@code out} (qualified) holds one of them.
   *
   * @param name OUT as the user wrote it, for the message
   * @throws ConvertRefusedException naming the first input {@code out} holds
   */
  static void refuse(String name, Path out, List<String> inputs, Configuration conf)
      throws IOException {
    java.nio.file.Path outReal = realPath(out);
    for (String in : inputs) {
      Path input = new Path(in);
      FileSystem fs = input.getFileSystem(conf);
      Path qualified = fs.makeQualified(input);
      if (isAtOrBelow(qualified.toString(), out.toString())
          || (outReal != null && anyRealPathBelow(fs, qualified, outReal))) {
        throw new ConvertRefusedException(
            name + ": holds the input " + in + ", which --overwrite would delete");
      }
    }
  }

  private static boolean isAtOrBelow(String path, String dir) {
    return path.equals(dir) || path.startsWith(dir + "/");
  }

  /**
   * Whether a file the job would read for {@code input} really sits at or below {@code outReal}.
   */
  private static boolean anyRealPathBelow(FileSystem fs, Path input, java.nio.file.Path outReal)
      throws IOException {
    for (Path p : filesRead(fs, input)) {
      java.nio.file.Path real = realPath(p);
      if (real != null && real.startsWith(outReal)) {
        return true;
      }
    }
    return false;
  }

  /** The paths a glob matches, and for a directory the directory and the entries it lists. */
  private static List<Path> filesRead(FileSystem fs, Path input) throws IOException {
    List<Path> paths = new ArrayList<>();
    FileStatus[] matches = fs.globStatus(input);
    for (FileStatus m : matches == null ? new FileStatus[0] : matches) {
      paths.add(m.getPath());
      if (m.isDirectory()) {
        for (FileStatus child : fs.listStatus(m.getPath())) {
          paths.add(child.getPath());
        }
      }
    }
    return paths;
  }

  /** The real path of a local file, or {@code null} for another file system or a missing file. */
  private static java.nio.file.Path realPath(Path p) throws IOException {
    if (!LOCAL_SCHEME.equals(p.toUri().getScheme())) {
      return null;
    }
    try {
      return java.nio.file.Path.of(p.toUri()).toRealPath();
    } catch (NoSuchFileException e) {
      return null; // a dangling link: the job cannot read it, so it deletes nothing it reads
    }
  }
}
