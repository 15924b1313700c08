// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.core.JsonFactory;
import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Collections;
import java.util.Enumeration;
import org.junit.jupiter.api.Test;

/**
 * {@code Variant.toString()} is the JSON rendering: this package's {@code VariantJson.toJson},
 * which core finds by name (it does not import this package).
 */
class VariantToStringTest {
  @Test
  void toStringIsTheJsonRendering() {
    Variant v = VariantJson.parse("{\"b\": [1, 2.5, \"x\"], \"a\": null}");
    assertEquals(VariantJson.toJson(v), v.toString());
    assertEquals("{\"a\":null,\"b\":[1,2.5,\"x\"]}", v.toString());
  }

  @Test
  void toStringOfAScalarBuiltWithoutJson() {
    Variant v = new VariantBuilder().appendTimestampNtzMicros(0).build();
    assertEquals("\"1970-01-01T00:00:00.000000\"", v.toString());
  }

  /** A shaded jar that merges service files carelessly can lose them; toString needs none. */
  @Test
  void toStringIsTheJsonRenderingWithoutServiceFiles() throws Exception {
    Variant v = VariantJson.parse("{\"b\": [1, 2.5, \"x\"], \"a\": null}");
    try (URLClassLoader withoutServices = new WithoutServiceFiles()) {
      Object isolated =
          withoutServices
              .loadClass(Variant.class.getName())
              .getMethod("of", byte[].class, byte[].class)
              .invoke(null, v.metadataBytes(), v.valueBytes());
      assertEquals("{\"a\":null,\"b\":[1,2.5,\"x\"]}", isolated.toString());
    }
  }

  /** Loads core and Jackson afresh, and finds no {@code META-INF/services} file. */
  private static final class WithoutServiceFiles extends URLClassLoader {
    private static final String SERVICE_FILES = "META-INF/services/";

    WithoutServiceFiles() {
      super(
          new URL[] {location(Variant.class), location(JsonFactory.class)},
          ClassLoader.getPlatformClassLoader());
    }

    private static URL location(Class<?> c) {
      return c.getProtectionDomain().getCodeSource().getLocation();
    }

    @Override
    public URL getResource(String name) {
      return name.startsWith(SERVICE_FILES) ? null : super.getResource(name);
    }

    @Override
    public Enumeration<URL> getResources(String name) throws IOException {
      return name.startsWith(SERVICE_FILES)
          ? Collections.emptyEnumeration()
          : super.getResources(name);
    }
  }
}
