// The demo's source material for people: common US first and last names, fictional phone area codes.

// deno-fmt-ignore
export const FIRST_NAMES = [
  "James", "Maria", "Michael", "Jennifer", "David", "Aaliyah", "Carlos", "Emily", "Daniel", "Jasmine",
  "Jose", "Ashley", "Kevin", "Brianna", "Luis", "Megan", "Anthony", "Destiny", "Marcus", "Samantha", "Juan",
  "Nicole", "Tyrone", "Vanessa", "Christopher", "Gabriela", "Brandon", "Alexis", "Omar", "Tiffany", "Andre",
  "Priya", "Darnell", "Mei", "Hector", "Keisha", "Ryan", "Fatima", "Eric", "Lauren", "Malik", "Rosa",
  "Justin", "Amber", "Jamal", "Yesenia", "Tyler", "Chloe", "Diego", "Hannah", "Terrence", "Leticia",
  "Jordan", "Kayla", "Miguel", "Monique", "Patrick", "Erin", "Rashad", "Lucia", "Dmitri", "Sofia", "Kwame",
  "Danielle", "Alejandro", "Brittany", "Trevor", "Imani", "Victor", "Crystal", "Hassan", "Natalie",
  "Derrick", "Paola", "Sean", "Ebony", "Raul", "Courtney", "Nathan", "Guadalupe", "Isaiah", "Tamika",
  "Ahmed", "Rachel", "Khalil", "Ana", "Cody", "Latoya", "Minh", "Shauna",
] as const;

// deno-fmt-ignore
export const LAST_NAMES = [
  "Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez",
  "Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin",
  "Lee", "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis", "Robinson",
  "Walker", "Young", "Allen", "King", "Wright", "Scott", "Torres", "Nguyen", "Hill", "Flores", "Green",
  "Adams", "Nelson", "Baker", "Hall", "Rivera", "Campbell", "Mitchell", "Carter", "Roberts", "Patel",
  "Okafor", "Kim", "Chen", "Singh", "Washington", "Ortiz", "Reyes", "Morales", "Murphy", "Cook", "Rogers",
  "Gutierrez", "Bailey", "Reed", "Kelly", "Howard", "Ramos", "Cruz", "Diaz", "Brooks", "Price", "Bennett",
  "Wood", "Barnes", "Ross", "Henderson", "Coleman", "Jenkins", "Perry", "Powell", "Mendoza", "Castillo",
  "Haddad", "Kowalski", "O'Brien", "Abdi", "Tran", "Alvarez", "Jimenez", "Vasquez", "Romero", "Mensah",
  "Petrov", "Yilmaz", "Santos", "Osei", "Hughes", "Foster", "Bryant",
] as const;

/** Fictional numbers only: 555-0100 to 555-0199 in a few area codes. */
export const AREA_CODES = ["206", "253", "425", "360"] as const;
