/**
 * An emulated multi-node cluster on one Linux host: each "node" is a network namespace joined
 * to one Linux bridge (the switch) by a veth pair whose two ends are shaped with {@code tbf}
 * (the node's link rate). Open MPI runs across the nodes over TCP, launched from the first
 * node's namespace with an rsh agent that maps a node's address to its namespace.
 *
 * <p>Everything {@code up} makes is recorded in a state file under {@link TestbedState#ROOT}
 * so {@code status}/{@code down} work from another process; a failed {@code up} undoes what it
 * made, and {@code down} also sweeps anything left matching the testbed's names. Only
 * addresses inside the namespaces created here are ever used (the bridge has no address).
 * The facts behind the recipe (yield-when-idle, burst vs. rate) are in
 * {@code shared/notes/real-runs.md}.
 */
package io.scalecast.testbed;
