// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.core.DuplicateKeys;
import io.variant.core.Variant;
import io.variant.core.VariantType;
import io.variant.core.path.Segment;
import io.variant.core.path.VariantPath;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Javadoc examples of the json and path packages, kept compiling and true. */
class JsonExamplesTest {
  @Test
  void variantJsonClassExample() {
    Variant v = VariantJson.parse("{\"price\": 1.50, \"qty\": 3, \"ratio\": 1e2}");

    assertEquals(VariantType.DECIMAL4, v.field("price").type());
    assertEquals(2, v.field("price").decimalValue().scale());
    assertEquals(VariantType.INT8, v.field("qty").type());
    assertEquals(VariantType.DOUBLE, v.field("ratio").type());
    assertEquals("{\"price\":1.50,\"qty\":3,\"ratio\":100.0}", VariantJson.toJson(v));
  }

  @Test
  void jsonOptionsExample() {
    JsonOptions lenient = JsonOptions.defaults().withDuplicateKeys(DuplicateKeys.LAST_WINS);
    Variant v = VariantJson.parse("{\"a\": 1, \"a\": 2}", lenient);

    assertEquals("{\"a\":2}", VariantJson.toJson(v));
  }

  @Test
  void documentReaderExample() throws IOException {
    List<String> lines = new ArrayList<>();
    StringReader reader = new StringReader("{\"a\":1}\n\n[2]");
    try (JsonDocumentReader in = new JsonDocumentReader(reader, JsonOptions.defaults())) {
      for (Variant v = in.next(); v != null; v = in.next()) {
        lines.add(in.line() + ": " + VariantJson.toJson(v));
      }
    }

    assertEquals(List.of("1: {\"a\":1}", "3: [2]"), lines);
  }

  @Test
  void variantPathExample() {
    Variant v = VariantJson.parse("{\"items\": [{\"price\": 9.99}]}");
    VariantPath p = VariantPath.parse("$.items[0].price");

    assertEquals(
        List.of(new Segment.Key("items"), new Segment.Index(0), new Segment.Key("price")),
        p.segments());
    assertEquals("[Key[name=items], Index[index=0], Key[name=price]]", p.segments().toString());
    Variant price = p.extract(v);
    assertEquals("9.99", VariantJson.toJson(price));
  }
}
