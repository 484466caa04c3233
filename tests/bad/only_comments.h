/* nothing here */
// at all
