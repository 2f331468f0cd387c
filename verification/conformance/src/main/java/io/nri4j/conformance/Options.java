package io.nri4j.conformance;

import io.nri4j.api.v1alpha1.FailurePolicy;
import io.nri4j.stub.EventMask;
import io.nri4j.stub.HandlerBudget;
import java.nio.file.Path;

/** Command line of the conformance plugin. */
record Options(Path socket, String name, String index, EventMask events, String report,
        FailurePolicy failurePolicy, HandlerBudget budget, boolean checkIdentityOnly, Path instancesDir,
        Path rollout) {

    static Options parse(String[] args) {
        Path socket = null;
        String name = null;
        String index = null;
        EventMask events = EventMask.ALL;
        String report = null;
        FailurePolicy policy = null;
        HandlerBudget budget = null;
        boolean check = false;
        Path instances = null;
        Path rollout = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--socket" -> socket = Path.of(args[++i]);
                case "--name" -> name = args[++i];
                case "--idx" -> index = args[++i];
                case "--events" -> events = EventMask.parse(args[++i]);
                case "--report" -> report = args[++i];
                case "--check-identity" -> check = true;
                case "--instances-dir" -> instances = Path.of(args[++i]);
                case "--rollout" -> rollout = Path.of(args[++i]);
                case "--budget" -> {
                    // FRACTION or FRACTION:fail
                    String[] parts = args[++i].split(":");
                    budget = new HandlerBudget(Double.parseDouble(parts[0]), parts.length > 1 && parts[1].equals("fail")
                            ? HandlerBudget.OverrunPolicy.FAIL : HandlerBudget.OverrunPolicy.EMPTY_RESULT);
                }
                case "--failure-policy" -> {
                    FailurePolicy.Builder b = FailurePolicy.newBuilder();
                    for (String p : args[++i].split(",")) {
                        switch (p) {
                            case "fail-request" -> b.setFailRequest(true);
                            case "keep-connected" -> b.setKeepConnected(true);
                            default -> throw new IllegalArgumentException("unknown failure policy " + p);
                        }
                    }
                    policy = b.build();
                }
                default -> throw new IllegalArgumentException("unknown option " + a);
            }
        }
        return new Options(socket, name, index, events, report, policy, budget, check, instances, rollout);
    }
}
