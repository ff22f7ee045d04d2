/* Staff sign-in's second factor, sessions and step-up (second-factors) and safe immobilisation
 * (immobilisation): their shapes and rules are written here. */
export {};
