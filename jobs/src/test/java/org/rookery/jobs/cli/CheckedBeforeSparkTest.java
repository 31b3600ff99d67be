package org.rookery.jobs.cli;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.core.cli.UsageError;

/** The checks that run before a Spark session starts: every master form Spark takes passes, nothing else. */
class CheckedBeforeSparkTest {

    @Test
    void sparkMasterForms() {
        for (String ok : new String[] {"local", "local[*]", "local[4]", "local[2,3]", "local[*, 2]", "local-cluster[2,1,1024]",
                "spark://h:7077", "spark://a:7077,b:7077", "yarn", "k8s://https://k:6443", "mesos://m:5050"}) {
            assertDoesNotThrow(() -> MasterUrl.check(ok), ok);
        }
        MasterUrl.check(null);
        for (String bad : new String[] {"bogus://x", "local[0]", "local[x]", "spark:/h", "yarn-client", ""}) {
            UsageError e = assertThrows(UsageError.class, () -> MasterUrl.check(bad), bad);
            assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
        }
    }

    @Test
    void outputDirectoryIsCreatedOrRefused(@TempDir Path dir) throws Exception {
        Path fresh = dir.resolve("a/b");
        OutputDir.prepare("--out", fresh.toString());
        assertTrue(Files.isDirectory(fresh));
        OutputDir.prepare("--out", "file:" + fresh);
        OutputDir.prepare("--out", "hdfs://namenode/data"); // left to Hadoop
        Path file = Files.writeString(dir.resolve("f"), "x");
        UsageError notDir = assertThrows(UsageError.class, () -> OutputDir.prepare("--out", file.toString()));
        assertTrue(notDir.getMessage().equals("--out: " + file + " is not a directory"), notDir.getMessage());
        UsageError under = assertThrows(UsageError.class, () -> OutputDir.prepare("--out", file.resolve("x").toString()));
        assertTrue(under.getMessage().startsWith("--out: cannot create " + file.resolve("x")), under.getMessage());
        assertTrue(!under.getMessage().contains("Exception"), under.getMessage());
    }
}
