let exp = 1;
let ехр = exp; // ‮ reversed ‬
