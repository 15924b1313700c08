package io.variant.cli;

import picocli.CommandLine.Parameters;

/** The optional {@code FILE} parameter of a command that reads one input; a picocli mixin. */
final class FileArgument {
  @Parameters(
      arity = "0..1",
      paramLabel = "FILE",
      defaultValue = Input.STDIN,
      description = "Input file; '-' or none reads stdin. Gzip input is decompressed.")
  String path;
}
