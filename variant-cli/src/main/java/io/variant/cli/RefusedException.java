// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

/**
 * The command line asks for something variant refuses to do (overwrite a file without {@code
 * --overwrite}, write onto a directory or onto its own input). Exit code 2, like other usage
 * errors, but the message is the whole story: no "try --help" line.
 */
final class RefusedException extends RuntimeException {
  RefusedException(String message) {
    super(message);
  }
}
