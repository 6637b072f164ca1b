// Package multifile spreads a union, its variants and a tool over several
// files, with field types from another package.
package multifile

// Payment is how an order is paid.
//
//unionflat:union discriminator=method
type Payment interface{ isPayment() }

// Speed is how fast a payment settles; its constants are spread over
// files.
type Speed string

// SpeedStandard settles in a day or two.
const SpeedStandard Speed = "standard"
