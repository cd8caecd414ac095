/**
 * {@code scalecast demo}: the whole pipeline on bundled data, offline — bundled traces, the
 * uncalibrated example platforms, every committed validation case (calibrate from network and
 * node traces, predict, compare, with prediction intervals), one what-if study (Fast Ethernet
 * against Myrinet), and one HTML report linking all of it. A stage whose part is missing says so
 * in the report instead of being faked.
 */
package io.scalecast.demo;
