// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import java.io.IOException;

/**
 * {@link ConvertJob} refused to start, before reading anything: OUTDIR exists and overwriting was
 * not asked for, or it is a file, or it holds an input that overwriting would delete; or an input
 * or OUTDIR is on a file system whose connector this process cannot use. The message is one line
 * naming the path and what to do.
 */
public final class ConvertRefusedException extends IOException {
  ConvertRefusedException(String message) {
    super(message);
  }
}
