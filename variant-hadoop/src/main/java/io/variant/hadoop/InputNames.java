// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * How {@link ConvertJob} names its input files in rejects and messages: as the user named them, as
 * the local engine names them, where the tasks see only the qualified paths of their splits. A file
 * an input names is named as that input is written; a file of an input directory, or one a glob
 * matches, as the directory (or the glob's base, its names before the first wildcard) is written,
 * then the file's path below it ({@code logs/*.ndjson} gives {@code logs/a.ndjson}, not {@code
 * file:/home/me/logs/a.ndjson}). Local names are written without {@code file:} and as Java spells a
 * path ({@code logs/} is {@code logs}). A glob on another file system names its matches by their
 * qualified paths, as the CLI lists them; so does a file no input names in one of these ways.
 *
 * <p>The client stores the names of the inputs as the job is configured ({@link #set}), a pair per
 * input, and each task looks its file up ({@link #of}).
 */
final class InputNames {
  /** Configuration key: a list of qualified names and how they are written, pair by pair. */
  static final String KEY = "variant.convert.input-names";

  private static final String WILDCARDS = "*?[{";

  private final List<String> pairs; // qualified, spelled: a directory's both end with '/'

  private InputNames(List<String> pairs) {
    this.pairs = pairs;
  }

  /** The names {@link #set} stored in {@code conf}; none if it stored nothing. */
  static InputNames of(Configuration conf) {
    String text = conf.get(KEY);
    return new InputNames(text == null ? List.of() : ConfText.toList(KEY, text));
  }

  /** Stores how the files of {@code inputs}, as the user wrote them, are named. */
  static void set(Configuration conf, List<String> inputs) throws IOException {
    List<String> pairs = new ArrayList<>();
    for (String input : inputs) {
      Path path = new Path(input);
      FileSystem fs = path.getFileSystem(conf);
      boolean local = "file".equals(fs.getUri().getScheme());
      String written = local ? localName(input) : input;
      FileStatus status;
      try {
        status = fs.getFileStatus(path);
      } catch (FileNotFoundException e) {
        status = null; // a glob, or missing: the listing says which
      }
      if (status != null && status.isFile()) {
        pairs.add(fs.makeQualified(path).toString());
        pairs.add(written);
      } else if (status != null) {
        pairs.add(directory(fs.makeQualified(path).toString()));
        pairs.add(
            local ? directory(java.nio.file.Path.of(written).toString()) : directory(written));
      } else if (local) {
        String base = globBase(written);
        pairs.add(directory(fs.makeQualified(new Path(base.isEmpty() ? "." : base)).toString()));
        pairs.add(base.isEmpty() ? "" : directory(java.nio.file.Path.of(base).toString()));
      }
    }
    conf.set(KEY, ConfText.ofList(pairs));
  }

  /**
   * How {@code file}, a qualified path of the job's input, is named: by the input that names it
   * whole, else by the input directory or glob base nearest above it, else its qualified path.
   */
  String name(Path file) {
    String path = file.toString();
    String named = null;
    int longest = -1;
    for (int i = 0; i < pairs.size(); i += 2) {
      String qualified = pairs.get(i);
      if (qualified.equals(path)) {
        return pairs.get(i + 1);
      }
      if (qualified.endsWith("/") && path.startsWith(qualified) && qualified.length() > longest) {
        longest = qualified.length();
        named = pairs.get(i + 1) + path.substring(qualified.length());
      }
    }
    return named == null ? path : named;
  }

  /** A local name as the CLI writes it: without {@code file:} or {@code file://localhost}. */
  private static String localName(String input) {
    if (input.regionMatches(true, 0, "file://", 0, 7)) {
      String rest = input.substring(7);
      return rest.regionMatches(true, 0, "localhost/", 0, 10) ? rest.substring(9) : rest;
    }
    return input.regionMatches(true, 0, "file:/", 0, 6) ? input.substring(5) : input;
  }

  /**
   * A glob's base as written: its names before the one holding the first wildcard; "" when that is
   * the first.
   */
  private static String globBase(String glob) {
    int first = 0;
    while (first < glob.length() && WILDCARDS.indexOf(glob.charAt(first)) < 0) {
      first++;
    }
    int slash = glob.lastIndexOf('/', first);
    return slash < 0 ? "" : slash == 0 ? "/" : glob.substring(0, slash);
  }

  private static String directory(String name) {
    return name.endsWith("/") ? name : name + "/";
  }
}
