package org.robocell.controller.franka.examples.internal;

import java.lang.System.Logger.Level;
import java.util.Arrays;

import org.robocell.api.io.StateOutput;

/**
 * Logs each new publication of a model example's {@code <name>/model} channel as upstream's example prints it
 * (INFO: {@code mass :[...]}, {@code coriolis :[...]}, …), on a daemon thread of its own so that the loop never
 * logs. It looks for a new publication ten times a second; the example publishes once a second of robot time.
 */
final class ModelPrinter implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger("org.robocell.controller.franka.examples");
    private static final String RULE = "-------------------------------------------------------------";
    private static final String[] LABELS = { "mass :", "coriolis :", "gravity :", "joint_pose :",
            "joint4_body_jacobian in joint4 frame :", "end_effector_jacobian in base frame :" };

    private final String controller;
    private final StateOutput model;
    private final Thread thread;
    private volatile boolean running = true;

    private ModelPrinter(String controller, StateOutput model) {
        this.controller = controller;
        this.model = model;
        this.thread = new Thread(this::run, "franka model example printer " + controller);
        thread.setDaemon(true);
    }

    static ModelPrinter start(String controller, StateOutput model) {
        ModelPrinter p = new ModelPrinter(controller, model);
        p.thread.start();
        return p;
    }

    private void run() {
        long seen = model.publications();
        while (running) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                return;
            }
            long now = model.publications();
            if (now != seen) {
                seen = now;
                LOG.log(Level.INFO, format(controller, model.snapshot()));
            }
        }
    }

    /** Upstream's lines, one block per quantity, for one snapshot. */
    static String format(String controller, StateOutput.Snapshot s) {
        double[] v = s.values();
        StringBuilder b = new StringBuilder(controller).append(" at robot time ").append(v[0]).append(" s\n")
                .append(RULE).append('\n');
        int at = 1;
        for (int i = 0; i < LABELS.length; i++) {
            int n = ModelExampleController.SIZES[i];
            b.append(LABELS[i]).append(Arrays.toString(Arrays.copyOfRange(v, at, at + n))).append('\n');
            at += n;
        }
        return b.append(RULE).toString();
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
    }
}
