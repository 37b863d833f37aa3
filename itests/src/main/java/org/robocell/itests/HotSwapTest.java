package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.ref.WeakReference;
import java.net.URL;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Enumeration;
import java.util.Hashtable;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongBinaryOperator;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.felix.service.command.CommandProcessor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.framework.wiring.BundleWiring;
import org.osgi.framework.wiring.FrameworkWiring;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.cell.Strictness;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ControllerFactory;
import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.Loans;
import org.robocell.api.controller.StateHandle;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;

/**
 * Hot swap end to end, in the real framework with the real bundles: a robot (FR3 on the mock driver, 1 kHz, internal
 * clock) configured through ConfigAdmin, a controller declared through ConfigAdmin, and a small controller bundle in
 * two versions (v1 writes +0.1 to joint1's position command, v2 writes -0.1) installed, reloaded, updated and
 * uninstalled 20 times while the shell is queried continuously. A probe controller records joint1's position state
 * every cycle and the writers report every write, so every cycle of the run can be checked afterwards.
 */
class HotSwapTest {

    /** What v1 and v2 write to joint1's position command. */
    private static final double V1 = 0.1;
    private static final double V2 = -0.1;
    /** The most joint1 may move in one 1 ms cycle: the FR3 URDF's 2.62 rad/s. */
    private static final double MAX_STEP = 2.62 * 0.001 + 1e-9;

    private static final String ROBOT = "hotswap";
    private static final String TYPE = "robocell_itests/HotSwap";
    private static final String BSN = "org.robocell.itests.testcontroller";
    private static final int ROUNDS = 20;
    private static final int CAPACITY = 400_000;

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    CommandProcessor processor;

    @InjectService(timeout = 10_000)
    ConfigurationAdmin configAdmin;

    private final List<Configuration> configurations = new ArrayList<>();
    private final List<ServiceRegistration<?>> registrations = new ArrayList<>();
    private final List<Bundle> installed = new ArrayList<>();

    /** Every write of the test controllers: the cycle's time and the version's tag; loop thread only. */
    static final class Writes implements LongBinaryOperator {
        final long[] times = new long[CAPACITY];
        final byte[] tags = new byte[CAPACITY];
        volatile int count;
        volatile long sameCycle;
        volatile long overflow;

        @Override
        public long applyAsLong(long timeBits, long tag) {
            int n = count;
            if (n > 0 && times[n - 1] == timeBits) {
                sameCycle++;
            }
            if (n == CAPACITY) {
                overflow++;
                return 0;
            }
            times[n] = timeBits;
            tags[n] = (byte) tag;
            count = n + 1;
            return 0;
        }
    }

    /** Reads joint1's position state every cycle; loop thread only. */
    static final class Probe implements Controller {
        final long[] times = new long[CAPACITY];
        final double[] values = new double[CAPACITY];
        volatile int count;
        volatile long overflow;
        private StateHandle in;

        @Override
        public InterfaceConfiguration commandInterfaceConfiguration() {
            return InterfaceConfiguration.NONE;
        }

        @Override
        public InterfaceConfiguration stateInterfaceConfiguration() {
            return InterfaceConfiguration.individual(List.of("joint1/position"));
        }

        @Override
        public CallbackReturn onActivate(Loans loans) {
            in = loans.state("joint1/position");
            return CallbackReturn.SUCCESS;
        }

        @Override
        public ReturnType update(double time, double period) {
            int n = count;
            if (n == CAPACITY) {
                overflow++;
                return ReturnType.OK;
            }
            times[n] = Double.doubleToRawLongBits(time);
            values[n] = in.get();
            count = n + 1;
            return ReturnType.OK;
        }

        double latest() {
            int n = count;
            return n == 0 ? Double.NaN : values[n - 1];
        }

        int index(long timeBits) {
            return Arrays.binarySearch(times, 0, count, timeBits);
        }
    }

    @AfterEach
    void cleanUp() throws Exception {
        for (Configuration c : configurations) {
            c.delete();
        }
        for (Bundle b : installed) {
            if (b.getState() != Bundle.UNINSTALLED) {
                b.uninstall();
            }
        }
        registrations.forEach(ServiceRegistration::unregister);
    }

    @Test
    void aControllerBundleIsInstalledReloadedUpdatedAndUninstalled20TimesWhileTheLoopRuns() throws Exception {
        Writes writes = new Writes();
        Probe probe = new Probe();
        registrations.add(context.registerService(LongBinaryOperator.class, writes,
                new Hashtable<>(Map.of("robocell.itests", "writes"))));
        registrations.add(context.registerService(ControllerFactory.class, type -> probe,
                new Hashtable<>(Map.of(ControllerFactory.TYPE, "robocell_itests/Probe"))));

        CellFixture cell = new CellFixture(context, configAdmin);
        configurations.add(cell.robot(ROBOT, Map.of()));
        ControllerManager m = cell.manager(ROBOT);
        CellFixture.await(() -> m.hardware("FR3System").map(h -> h.state() == LifecycleState.ACTIVE).orElse(false),
                "FR3System active");
        CellFixture.await(() -> m.types().contains("robocell_itests/Probe"), "the probe type");
        assertTrue(m.load("probe", "robocell_itests/Probe").ok());
        assertTrue(m.configure("probe").ok());
        assertTrue(m.switchControllersAndWait(List.of("probe"), List.of(), Strictness.STRICT, 0).ok());
        configurations.add(cell.controller("hot", Map.of("robot", ROBOT, "name", "hot", "type", TYPE,
                "param.joint", "joint1", "state", "active")));
        long nonFiniteBefore = m.stats().nonFiniteCommands();

        // the loop's cycle counter at every phase boundary (it must advance across each phase; no time bound: a stall is
        // not a functional property); the shell, queried continuously and answering in every round
        AtomicBoolean running = new AtomicBoolean(true);
        List<Long> phaseCycles = new ArrayList<>();
        List<String> phases = new ArrayList<>();
        java.util.function.Consumer<String> phase = name -> {
            phaseCycles.add(m.stats().cycles());
            phases.add(name);
        };
        phase.accept("start");
        AtomicLong shellCalls = new AtomicLong();
        List<String> shellSurprises = Collections.synchronizedList(new ArrayList<>());
        Thread stream = new Thread(() -> {
            Shell shell = new Shell(processor);
            while (running.get()) {
                for (String line : List.of("controller:list -r " + ROBOT, "controller:info -r " + ROBOT + " hot")) {
                    try {
                        shell.run(line);
                    } catch (Exception e) {
                        // between an uninstall and the next install 'hot' is not loaded: that answer is expected
                        if (!String.valueOf(e.getMessage()).contains("'hot' is not loaded")) {
                            shellSurprises.add(line + ": " + e);
                        }
                    }
                    shellCalls.incrementAndGet();
                }
            }
        }, "itest-shell-stream");
        stream.start();

        Shell shell = new Shell(processor);
        FrameworkWiring wiring = context.getBundle(0).adapt(FrameworkWiring.class);
        List<WeakReference<ClassLoader>> oldLoaders = new ArrayList<>();
        List<Long> reloadCycles = new ArrayList<>();
        int expectedGaps = 0;
        Pattern reloaded = Pattern.compile("Reloaded controller 'hot': the new code runs from cycle (\\d+) \\("
                + Pattern.quote(BSN) + " 2\\.0\\.0\\)\\s*");
        for (int round = 0; round < ROUNDS; round++) {
            // install v1: the declaration loads and activates it
            int w = writes.count;
            Bundle a = install("a" + round, 1);
            a.start();
            awaitWrites(writes, w, 1);
            CellFixture.await(() -> probe.latest() == V1, "joint1 at +0.1 (v1)");
            if (round > 0) {
                expectedGaps++; // from the last round's uninstall to this install, joint1/position held, unclaimed
            }
            long shellCallsAtStart = shellCalls.get();
            phase.accept("round " + round + ": v1 installed");

            // install v2 beside it and reload: v2 takes over at one cycle boundary
            Bundle b = install("b" + round, 2);
            b.start();
            String types = shell.run("controller:types");
            assertTrue(types.contains(TYPE + " ") && types.contains(BSN + " 2.0.0 (serves; also installed: " + BSN + " 1.0.0)"),
                    types);
            int beforeReload = writes.count;
            String answer = reload(shell);
            Matcher matcher = reloaded.matcher(answer);
            assertTrue(matcher.matches(), answer);
            reloadCycles.add(Long.parseLong(matcher.group(1)));
            awaitWrites(writes, beforeReload, 2);
            CellFixture.await(() -> probe.latest() == V2, "joint1 at -0.1 (v2, reloaded)");
            assertAdjacentSwitch(writes, probe, beforeReload, (byte) 1, (byte) 2);
            phase.accept("round " + round + ": reloaded to v2");

            // uninstall v1: v2 keeps running without a gap; v1's wiring goes with the refresh
            oldLoaders.add(new WeakReference<>(loader(a)));
            a.uninstall();
            refresh(wiring, a);
            int afterUninstall = writes.count;
            CellFixture.await(() -> writes.count > afterUninstall + 50, "v2 writing after v1 went");
            for (int i = beforeReload; i < writes.count; i++) {
                if (writes.tags[i] == 1) {
                    assertTrue(i < afterUninstall, "v1 wrote after it was uninstalled");
                }
            }
            phase.accept("round " + round + ": v1 uninstalled");

            // update the v2 bundle to the v1 code: deactivated (joint1 holds), loaded and activated again, v1 runs
            oldLoaders.add(new WeakReference<>(loader(b)));
            int beforeUpdate = writes.count;
            b.update(jar(1));
            awaitWrites(writes, beforeUpdate, 1);
            CellFixture.await(() -> probe.latest() == V1, "joint1 at +0.1 (updated bundle)");
            expectedGaps++;
            // the refresh restarts the updated bundle: deactivated and activated again, a second gap (waited for
            // here: the declared controller may run the updated code before the refresh or only after it)
            int beforeRefresh = writes.count;
            refresh(wiring, b);
            awaitResumedWrites(writes, probe, beforeRefresh, 1);
            expectedGaps++;
            phase.accept("round " + round + ": updated and refreshed");

            // uninstall it: deactivated at a cycle boundary, joint1 holds its last position (+1), 'hot' unloaded
            oldLoaders.add(new WeakReference<>(loader(b)));
            b.uninstall();
            refresh(wiring, b);
            CellFixture.await(() -> m.controller("hot").isEmpty(), "'hot' unloaded");
            int held = probe.count;
            CellFixture.await(() -> probe.count > held + 100, "100 cycles after the uninstall");
            for (int i = held; i < probe.count; i++) {
                assertEquals(V1, probe.values[i], "joint1 held its position after the uninstall");
            }
            assertEquals(List.of(), Arrays.asList(wiring.getRemovalPendingBundles().toArray()),
                    "bundles pending removal after the refresh");
            phase.accept("round " + round + ": uninstalled");
            // the shell answered during this round (two more calls: at least one whole call began after it started)
            CellFixture.await(() -> shellCalls.get() >= shellCallsAtStart + 2, "the shell answering in round " + round);
        }
        running.set(false);
        stream.join(30_000);

        // every cycle of the run
        assertEquals(0, writes.overflow + probe.overflow, "recording capacity");
        assertEquals(0, writes.sameCycle, "cycles in which two writers wrote joint1/position");
        int gaps = 0;
        for (int i = 1; i < writes.count; i++) {
            int prev = probe.index(writes.times[i - 1]);
            int next = probe.index(writes.times[i]);
            assertTrue(prev >= 0 && next >= 0, "a write in a cycle the probe did not see");
            if (next != prev + 1) {
                gaps++;
            }
        }
        assertEquals(expectedGaps, gaps, "cycles without a writer outside the deactivated periods (update, uninstall)");
        for (int i = 0; i < probe.count; i++) {
            double v = probe.values[i];
            assertTrue(Double.isFinite(v) && Math.abs(v) <= V1 + 1e-12, "joint1/position " + v + " in cycle " + i);
            if (i > 0) {
                // the writers swap between +0.1 and -0.1; the loop moves the joint there at its velocity limit
                assertTrue(Math.abs(v - probe.values[i - 1]) <= MAX_STEP, "joint1/position jumped from "
                        + probe.values[i - 1] + " to " + v + " in cycle " + i);
            }
        }
        assertEquals(nonFiniteBefore, m.stats().nonFiniteCommands(), "non-finite commands replaced");

        // the loop kept cycling: its counter advanced across every phase of every round
        for (int i = 1; i < phaseCycles.size(); i++) {
            assertTrue(phaseCycles.get(i) > phaseCycles.get(i - 1), "the loop did not cycle during '" + phases.get(i)
                    + "': cycle " + phaseCycles.get(i - 1) + " then " + phaseCycles.get(i));
        }
        assertEquals(List.of(), shellSurprises);
        assertTrue(shellCalls.get() >= 2L * ROUNDS, "shell calls during the run: " + shellCalls.get());

        // the old code is no longer in use: its class loaders are collected
        long left = oldLoaders.size();
        for (int i = 0; i < 100 && left > 0; i++) {
            System.gc();
            Thread.sleep(20);
            left = oldLoaders.stream().filter(r -> r.get() != null).count();
        }
        List<Integer> reachable = new ArrayList<>();
        for (int i = 0; i < oldLoaders.size(); i++) {
            if (oldLoaders.get(i).get() != null) {
                reachable.add(i);
            }
        }
        assertEquals(List.of(), reachable, "class loaders (of " + oldLoaders.size()
                + ", 3 per round) of uninstalled or updated test-controller bundles still reachable");
        System.out.printf(Locale.ROOT, "hot swap: %d rounds, %d cycles probed, %d writes, %d reloads at cycles %s,"
                + " %d phases, %d shell calls, %d old class loaders collected%n", ROUNDS, probe.count, writes.count,
                reloadCycles.size(), reloadCycles, phases.size(), shellCalls.get(), oldLoaders.size());
    }

    /** controller:reload through the shell, again while the cell has not yet seen the new factory. */
    private String reload(Shell shell) throws Exception {
        for (int i = 0; i < 200; i++) {
            try {
                return shell.run("controller:reload -r " + ROBOT + " hot");
            } catch (Exception e) {
                if (!String.valueOf(e.getMessage()).contains("already runs the newest code")) {
                    throw e;
                }
                Thread.sleep(10);
            }
        }
        throw new AssertionError("the cell never served the new version of " + TYPE);
    }

    /** The write that follows {@code from} with tag {@code next}: the one before it is {@code prev}, one cycle earlier. */
    private static void assertAdjacentSwitch(Writes writes, Probe probe, int from, byte prev, byte next) {
        int i = from;
        while (i < writes.count && writes.tags[i] != next) {
            i++;
        }
        assertTrue(i > 0 && i < writes.count, "no write of the new code");
        assertEquals(prev, writes.tags[i - 1], "the write before the switch");
        assertEquals(probe.index(writes.times[i - 1]) + 1, probe.index(writes.times[i]),
                "the new code wrote in the cycle right after the old code's last write");
    }

    private static void awaitWrites(Writes writes, int from, int tag) throws InterruptedException {
        CellFixture.await(() -> {
            for (int i = writes.count - 1; i >= from; i--) {
                if (writes.tags[i] == tag) {
                    return true;
                }
            }
            return false;
        }, "writes of v" + tag);
    }

    /** Waits for a write of v{tag} from index {@code from} on that follows a cycle without a writer. */
    private static void awaitResumedWrites(Writes writes, Probe probe, int from, int tag) throws InterruptedException {
        CellFixture.await(() -> {
            for (int i = Math.max(from, 1); i < writes.count; i++) {
                int prev = probe.index(writes.times[i - 1]);
                int next = probe.index(writes.times[i]);
                if (writes.tags[i] == tag && prev >= 0 && next > prev + 1) {
                    return true;
                }
            }
            return false;
        }, "writes of v" + tag + " after a gap");
    }

    private static ClassLoader loader(Bundle b) {
        return b.adapt(BundleWiring.class).getClassLoader();
    }

    private static void refresh(FrameworkWiring wiring, Bundle b) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(1);
        wiring.refreshBundles(List.of(b), e -> done.countDown());
        assertTrue(done.await(20, TimeUnit.SECONDS), "refresh");
    }

    private Bundle install(String name, int version) throws IOException, org.osgi.framework.BundleException {
        Bundle b = context.installBundle("itest:hotswap/" + name, jar(version));
        installed.add(b);
        return b;
    }

    /** The test controller bundle of one version, from the classes the itests bundle carries as resources. */
    private InputStream jar(int version) throws IOException {
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        main.putValue("Bundle-ManifestVersion", "2");
        main.putValue("Bundle-SymbolicName", BSN);
        main.putValue("Bundle-Version", version + ".0.0");
        main.putValue("Bundle-Activator", "org.robocell.itests.hotswap.v" + version + ".Activator");
        main.putValue("Import-Package", "org.osgi.framework,org.robocell.api.controller,org.robocell.api.lifecycle");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream out = new JarOutputStream(bytes, manifest)) {
            Enumeration<URL> classes = context.getBundle().findEntries("hotswap/v" + version, "*.bin", false);
            assertTrue(classes != null && classes.hasMoreElements(), "the v" + version + " classes in the itests bundle");
            while (classes.hasMoreElements()) {
                URL url = classes.nextElement();
                String file = url.getPath().substring(url.getPath().lastIndexOf('/') + 1).replace(".bin", ".class");
                out.putNextEntry(new JarEntry("org/robocell/itests/hotswap/v" + version + "/" + file));
                try (InputStream in = url.openStream()) {
                    in.transferTo(out);
                }
                out.closeEntry();
            }
        }
        return new ByteArrayInputStream(bytes.toByteArray());
    }
}
