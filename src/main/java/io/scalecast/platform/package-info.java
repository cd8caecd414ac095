/**
 * The platform model: a SimGrid cluster (nodes, cores, speed, node links, backbone, loopback),
 * the SMPI network factors that make one-message times follow a calibrated piecewise model, and
 * the {@code mpi.*} properties the simulated MPI layer reads. {@link io.scalecast.platform.PlatformWriter}
 * writes it as SimGrid 4.1 XML; {@link io.scalecast.platform.PlatformFile} reads back what the
 * parent process needs without starting SimGrid.
 */
package io.scalecast.platform;
