package org.rookery.workers.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --kafka-config passes security settings through to every client; --bootstrap is checked. */
class KafkaClientsTest {
    @TempDir Path tmp;

    @Test
    void securitySettingsFromTheConfigFileReachTheClients() throws Exception {
        Path f = tmp.resolve("client.properties");
        Files.writeString(f, "bootstrap.servers=kafka1:9093,kafka2:9093\nsecurity.protocol=SASL_SSL\nsasl.mechanism=SCRAM-SHA-512\n"
            + "ssl.truststore.location=/etc/rookery/truststore.jks\n", StandardCharsets.UTF_8);
        KafkaClients fromFile = KafkaClients.of(null, f);
        Properties p = fromFile.properties();
        assertEquals("kafka1:9093,kafka2:9093", fromFile.bootstrap());
        assertEquals("SASL_SSL", p.getProperty("security.protocol"));
        assertEquals("SCRAM-SHA-512", p.getProperty("sasl.mechanism"));
        assertEquals("/etc/rookery/truststore.jks", p.getProperty("ssl.truststore.location"));
        // --bootstrap wins over the file's address, the security settings stay.
        KafkaClients both = KafkaClients.of("10.0.0.1:9093", f);
        assertEquals("10.0.0.1:9093", both.bootstrap());
        assertEquals("SASL_SSL", both.properties().getProperty("security.protocol"));
    }

    @Test
    void badAddressesAndFilesAreOneLineErrors() {
        assertEquals("--bootstrap: expected HOST:PORT[,HOST:PORT...], got \"localhost\"",
            assertThrows(IllegalArgumentException.class, () -> KafkaClients.of("localhost")).getMessage());
        assertEquals("--bootstrap HOST:PORT is required (or bootstrap.servers in --kafka-config)",
            assertThrows(IllegalArgumentException.class, () -> KafkaClients.of(null, null)).getMessage());
        Path missing = tmp.resolve("nope.properties");
        assertEquals("--kafka-config: cannot read " + missing,
            assertThrows(IllegalArgumentException.class, () -> KafkaClients.of("h:1", missing)).getMessage());
    }
}
