// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * I/O failures in the words of a shell user: "permission denied", "no such file or directory",
 * "disk full", rather than a JDK exception class or a bare path (a {@code NoSuchFileException}'s
 * message is only the path).
 */
final class IoMessages {
  private IoMessages() {}

  /** Why {@code e} happened, without the file name (the caller puts that in front). */
  static String reason(IOException e) {
    if (e instanceof FileSystemException fse && fse.getReason() != null) {
      return lowerFirst(fse.getReason());
    }
    if (e instanceof NoSuchFileException) {
      return "no such file or directory";
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof FileAlreadyExistsException) {
      return "already exists";
    }
    if (e instanceof DirectoryNotEmptyException) {
      return "directory not empty";
    }
    if (e instanceof NotDirectoryException) {
      return "not a directory";
    }
    String m = e.getMessage();
    if (m == null || m.isBlank()) {
      return e.getClass()
          .getSimpleName()
          .replaceAll("([a-z])([A-Z])", "$1 $2")
          .toLowerCase(java.util.Locale.ROOT);
    }
    return lowerFirst(m);
  }

  /** {@code "<file>: <reason>"}, with the file named as the exception names it when it does. */
  static String describe(IOException e) {
    if (e instanceof FileSystemException fse && fse.getFile() != null) {
      return fse.getFile() + ": " + reason(e);
    }
    return reason(e);
  }

  private static String lowerFirst(String s) {
    return s.length() > 1
            && Character.isUpperCase(s.charAt(0))
            && Character.isLowerCase(s.charAt(1))
        ? Character.toLowerCase(s.charAt(0)) + s.substring(1)
        : s;
  }
}
