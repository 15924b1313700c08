package io.variant.core.json;

/** Hex fixtures for this package's tests: {@code "0C 7F"} to bytes and back. */
final class Bytes {
  private Bytes() {}

  static byte[] hex(String hex) {
    String s = hex.replace(" ", "");
    byte[] out = new byte[s.length() / 2];
    for (int i = 0; i < out.length; i++) {
      out[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
    }
    return out;
  }

  static String hex(byte[] bytes) {
    StringBuilder sb = new StringBuilder();
    for (byte b : bytes) {
      sb.append(sb.length() == 0 ? "" : " ").append(String.format("%02X", b & 0xFF));
    }
    return sb.toString();
  }
}
