// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.util.List;
import org.apache.hadoop.fs.CommonPathCapabilities;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.security.AccessControlException;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.io.InputFile;

/**
 * A file or directory named with a scheme, on its Hadoop {@link FileSystem} ({@link Stores#file}).
 * Failures are the JDK's exceptions that the local code paths also meet ({@link
 * NoSuchFileException}, {@link AccessDeniedException}), so that messages and exit codes are the
 * same wherever the file lives.
 *
 * @param name the name as the user gave it, for messages
 * @param path its qualified path
 */
record StoreFile(String name, FileSystem fs, Path path) {
  /**
   * What s3a throws when no credential provider has credentials: the list of providers, or its only
   * one (hadoop-aws is not compiled in).
   */
  private static final List<String> S3A_NO_CREDENTIALS =
      List.of(
          "org.apache.hadoop.fs.s3a.auth.NoAuthWithAWSException",
          "org.apache.hadoop.fs.s3a.auth.NoAwsCredentialsException");

  /** The file's status, or null if there is no such file or directory. */
  FileStatus status() throws IOException {
    try {
      return fs.getFileStatus(path);
    } catch (FileNotFoundException e) {
      return null;
    } catch (IOException e) {
      throw translated(e);
    }
  }

  /** The file's bytes, from the start. */
  InputStream open() throws IOException {
    try {
      return fs.open(path);
    } catch (IOException e) {
      throw translated(e);
    }
  }

  /** The file as Parquet reads it: seekable, through the file system's own stream. */
  InputFile inputFile() throws IOException {
    try {
      return HadoopInputFile.fromPath(path, fs.getConf());
    } catch (IOException e) {
      throw translated(e);
    }
  }

  /**
   * True if the file system writes an object only when its stream is closed, and its streams can be
   * abandoned instead ({@code s3a}: a multipart upload completed on close, aborted by {@code
   * abort()}): there, a file is written in place, never renamed (a rename is a copy).
   */
  boolean writesOnClose() throws IOException {
    return fs.hasPathCapability(path, CommonPathCapabilities.ABORTABLE_STREAM);
  }

  /** The file {@code child} in this directory. */
  StoreFile child(String child) {
    String sep = name.endsWith("/") ? "" : "/";
    return new StoreFile(name + sep + child, fs, new Path(path, child));
  }

  /** {@code e} as the JDK's exception for the same failure, naming this file. */
  IOException translated(IOException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      // s3a reports it as an AccessDeniedException naming the class in its message, or as a cause
      String type = t.getClass().getName();
      String message = String.valueOf(t.getMessage());
      if (S3A_NO_CREDENTIALS.stream().anyMatch(c -> type.equals(c) || message.contains(c))) {
        return (IOException)
            new AccessDeniedException(
                    name,
                    null,
                    "no credentials for s3a: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or "
                        + "fs.s3a.access.key and fs.s3a.secret.key in HADOOP_CONF_DIR's core-site.xml")
                .initCause(e);
      }
    }
    if (e instanceof FileNotFoundException) {
      return (IOException) new NoSuchFileException(name).initCause(e);
    }
    if (e instanceof AccessControlException || e instanceof AccessDeniedException) {
      return (IOException) new AccessDeniedException(name, null, "permission denied").initCause(e);
    }
    return e;
  }
}
